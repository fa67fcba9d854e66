import pg from 'pg';
import { DATABASE_TIMEOUTS } from '../../platform/db/databaseTimeouts.js';

/** The channel the outbox trigger notifies when it queues a delivery. */
export const DELIVERY_CHANNEL = 'cairn_webhook_deliveries';

/** The LISTEN connection's `application_name` (so operators and tests can find it). */
export const LISTENER_APPLICATION_NAME = 'cairn webhook listener';

/** Reconnect delays of a lost LISTEN connection: doubling from the first to the last. */
const LISTEN_RETRY_FIRST_MS = 500;
const LISTEN_RETRY_MAX_MS = 5_000;

/** The dispatcher's LISTEN connection: notified when a delivery is queued. */
export interface DeliveryListener {
  /** Opens it; when it cannot be opened (the database is down), keeps trying in the background. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface DeliveryListenerOptions {
  readonly databaseUrl: string;
  readonly log: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
  };
  /** A delivery was queued. */
  readonly onNotification: () => void;
  /** The connection is back after a loss: deliveries queued while nobody listened are due now. */
  readonly onReconnected: () => void;
}

/**
 * LISTENs on {@link DELIVERY_CHANNEL} with a connection of its own. When the connection is lost (or
 * cannot be opened), it is opened again after 0.5 s, 1 s, 2 s, ... up to 5 s between attempts, for as
 * long as it runs; meanwhile the dispatcher's poll keeps deliveries going.
 */
export function listenForDeliveries(options: DeliveryListenerOptions): DeliveryListener {
  let running = false;
  let listener: pg.Client | undefined;
  let listenTimer: NodeJS.Timeout | undefined;
  let listenRetryMs = LISTEN_RETRY_FIRST_MS;

  async function listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: DATABASE_TIMEOUTS.keepAliveInitialDelayMs,
    });
    client.on('notification', () => options.onNotification());
    client.on('error', (error) => {
      // Before the LISTEN is in place, the failing connect or query reports the error instead.
      if (listener !== client) return;
      listener = undefined;
      client.end().catch(() => {});
      if (!running) return;
      options.log.warn({ err: error }, 'webhook LISTEN connection lost; polling until it is back');
      relisten();
    });
    try {
      await client.connect();
      await client.query(`listen ${DELIVERY_CHANNEL}`);
    } catch (error) {
      void client.end().catch(() => {});
      throw error;
    }
    if (!running) {
      await client.end();
      return;
    }
    listener = client;
  }

  /** Opens the LISTEN connection again after the current retry delay (once at a time). */
  function relisten(): void {
    if (!running || listenTimer) return;
    const delay = listenRetryMs;
    listenRetryMs = Math.min(listenRetryMs * 2, LISTEN_RETRY_MAX_MS);
    listenTimer = setTimeout(() => {
      listenTimer = undefined;
      if (!running || listener) return;
      listen().then(
        () => {
          if (!listener) return;
          listenRetryMs = LISTEN_RETRY_FIRST_MS;
          options.log.info({}, 'webhook LISTEN connection is back');
          options.onReconnected();
        },
        (error: unknown) => {
          options.log.warn({ err: error, retryInMs: listenRetryMs }, 'webhook LISTEN reconnect failed');
          relisten();
        },
      );
    }, delay);
    listenTimer.unref();
  }

  return {
    async start() {
      running = true;
      try {
        await listen();
      } catch (error) {
        options.log.warn({ err: error }, 'webhook LISTEN failed; polling until it can be opened');
        relisten();
      }
    },
    async stop() {
      running = false;
      if (listenTimer) clearTimeout(listenTimer);
      listenTimer = undefined;
      await listener?.end().catch(() => {});
      listener = undefined;
    },
  };
}
