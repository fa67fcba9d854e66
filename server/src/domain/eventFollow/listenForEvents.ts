import pg from 'pg';
import { DATABASE_TIMEOUTS } from '../../platform/db/databaseTimeouts.js';

/** The channel the `outbox_events` trigger notifies; PostgreSQL delivers it when the event commits. */
export const EVENTS_CHANNEL = 'cairn_events';

/** The LISTEN connection's `application_name` (so operators and tests can find it). */
export const EVENT_LISTENER_APPLICATION_NAME = 'cairn event follow listener';

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 5_000;

/**
 * The gateway's one LISTEN connection for followers of the events API: each waiting follow request
 * asks {@link EventWaker.next} for a promise that settles on the next committed event (or when the
 * waker stops). A lost connection is opened again after 0.5 s, 1 s, 2 s, ... up to 5 s; meanwhile
 * the followers' poll keeps them going.
 */
export interface EventWaker {
  /** Opens the LISTEN connection if it is not open (resolves also when it cannot be opened now). */
  listening(): Promise<void>;
  /** Settles at the next notification, or at once when the waker has stopped (registers at the call). */
  next(): Promise<void>;
  /** Whether it has stopped (the gateway is closing: waiting follow requests answer now). */
  readonly stopped: boolean;
  stop(): Promise<void>;
}

export interface EventWakerOptions {
  readonly databaseUrl: string;
  readonly log: { warn(obj: object, msg?: string): void };
}

/** Opens the LISTEN connection lazily, on the first {@link EventWaker.listening}. */
export function listenForEvents(options: EventWakerOptions): EventWaker {
  let stopped = false;
  let client: pg.Client | undefined;
  let opening: Promise<void> | undefined;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];

  function wakeAll(): void {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  }

  function open(): Promise<void> {
    if (client || opening || stopped || retryTimer) return opening ?? Promise.resolve();
    const candidate = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: EVENT_LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: DATABASE_TIMEOUTS.keepAliveInitialDelayMs,
    });
    candidate.on('notification', wakeAll);
    candidate.on('error', (error) => {
      if (client !== candidate) return;
      client = undefined;
      candidate.end().catch(() => {});
      options.log.warn({ err: error }, 'event follow LISTEN connection lost; polling until it is back');
      retryLater();
      // Events committed while nobody listened: let the followers look now.
      wakeAll();
    });
    opening = (async () => {
      try {
        await candidate.connect();
        await candidate.query(`listen ${EVENTS_CHANNEL}`);
        if (stopped) {
          await candidate.end();
          return;
        }
        client = candidate;
        retryMs = RETRY_FIRST_MS;
      } catch (error) {
        candidate.end().catch(() => {});
        options.log.warn({ err: error }, 'event follow LISTEN failed; polling until it can be opened');
        retryLater();
      } finally {
        opening = undefined;
      }
    })();
    return opening;
  }

  function retryLater(): void {
    if (stopped || retryTimer) return;
    const delay = retryMs;
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void open();
    }, delay);
    retryTimer.unref();
  }

  return {
    listening: () => open(),
    next() {
      if (stopped) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      wakeAll();
      await opening;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
