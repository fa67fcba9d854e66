import {
  deduplicate,
  EVENT_HEADER,
  MemoryIdStore,
  SIGNATURE_HEADER,
  verifyWebhook,
} from '@cairn/webhook-verifier';
import type { RunningGateway } from '../../src/app/startGateway.js';
import { createWebhookContext } from '../../src/domain/webhooks/createWebhookContext.js';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import type { WebhookDispatcher } from '../../src/workers/webhookDelivery/createWebhookDispatcher.js';
import { startWebhookDelivery } from '../../src/workers/webhookDelivery/startWebhookDelivery.js';
import { type ReceivedRequest, startReceiver, TEST_MASTER_KEY } from '../webhooks/webhookHarness.js';

/**
 * What a gateway needs in its environment to deliver to a receiver on loopback: test-mode endpoints
 * may reach private addresses, and a master key seals the endpoint's secret (so nothing is written to
 * CAIRN_DATA_DIR).
 */
export const WEBHOOK_RECEIVER_ENV: Readonly<Record<string, string>> = {
  CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
  CAIRN_MASTER_KEY: TEST_MASTER_KEY,
};

/** One verified delivery, the first arrival of its `evt_` id. */
export interface DeliveredWebhook {
  readonly id: string;
  readonly event: string;
  // biome-ignore lint/suspicious/noExplicitAny: webhook data is checked field by field
  readonly data: any;
  /** The raw body, exactly as signed and received. */
  readonly body: string;
  /** Wall-clock ms when the body was complete. */
  readonly at: number;
}

/** A delivery the receiver refused (answered 400), with the reason. */
export interface RejectedDelivery {
  readonly reason: string;
  readonly body: string;
}

/** A real HTTP receiver on loopback, registered as the webhook endpoint of one API key. */
export interface WebhookReceiver {
  readonly url: string;
  /** Verified deliveries, deduplicated on `id`, in arrival order. */
  readonly delivered: readonly DeliveredWebhook[];
  readonly rejected: readonly RejectedDelivery[];
  /** Deliveries of an id already received (at-least-once), answered 200 and not recorded again. */
  readonly duplicates: number;
  has(id: string): boolean;
  /**
   * Resolves once `condition()` holds, checked now and after every arrival; rejects at the first
   * refused delivery, or after `timeoutMs` with `explain()` in the message.
   */
  waitUntil(condition: () => boolean, timeoutMs: number, explain: () => Promise<string>): Promise<void>;
  /** Stops the delivery loop this receiver started (if any) and closes the receiver. */
  stop(): Promise<void>;
}

/**
 * Starts a receiver on 127.0.0.1, makes it the webhook endpoint of `apiKeyId` through the gateway's
 * own endpoint service (`setWebhookEndpoint`, as `pnpm cairn webhooks:set` does), and makes sure the
 * gateway's delivery loop runs (`startWebhookDelivery` when the gateway was started without workers).
 * The receiver does what a merchant's should: it verifies every delivery with
 * `@cairn/webhook-verifier` (signature, and a timestamp within 300 s of the gateway's clock, which
 * tests may move), checks the `X-Webhook-Event` and `User-Agent` headers, and deduplicates on `id`. A
 * delivery that fails any check is answered 400 (permanent: not retried) and recorded as rejected.
 *
 * Needs {@link WEBHOOK_RECEIVER_ENV} in the gateway's configuration.
 */
export async function attachWebhookReceiver(
  running: RunningGateway,
  apiKeyId: string,
): Promise<WebhookReceiver> {
  const { gateway } = running;
  if (!gateway.config.CAIRN_ALLOW_PRIVATE_WEBHOOKS)
    throw new Error('attachWebhookReceiver: start the gateway with WEBHOOK_RECEIVER_ENV in its env');
  const server = await startReceiver();
  let dispatcher: WebhookDispatcher | undefined;
  try {
    const context = createWebhookContext(gateway.orm.em.fork(), gateway.clock, gateway.config);
    const { secret } = await setWebhookEndpoint(context, { apiKeyId, url: `${server.url}/webhooks/cairn` });
    if (!secret) throw new Error(`API key ${apiKeyId} already had a webhook endpoint`);
    if (!running.webhooks) dispatcher = await startWebhookDelivery(gateway, running.databaseUrl);

    const delivered: DeliveredWebhook[] = [];
    const rejected: RejectedDelivery[] = [];
    const byId = new Set<string>();
    let duplicates = 0;
    const listeners = new Set<() => void>();
    const notify = () => {
      for (const listener of [...listeners]) listener();
    };
    const store = new MemoryIdStore({ now: () => gateway.clock.now() });

    const receive = async (request: ReceivedRequest): Promise<{ status: number; body: string }> => {
      try {
        if (request.method !== 'POST') throw new Error(`method ${request.method}`);
        const event = verifyWebhook({
          payload: request.body,
          header: request.headers[SIGNATURE_HEADER] as string | undefined,
          secret,
          now: () => gateway.clock.now(),
        });
        const eventHeader = request.headers[EVENT_HEADER];
        if (eventHeader !== event.event)
          throw new Error(`${EVENT_HEADER} is ${String(eventHeader)}, the body says ${event.event}`);
        if (request.headers['user-agent'] !== 'Service-Webhook/1.0')
          throw new Error(`User-Agent is ${String(request.headers['user-agent'])}`);
        const outcome = await deduplicate(event, store, (e) => {
          byId.add(e.id);
          delivered.push({ id: e.id, event: e.event, data: e.data, body: request.body, at: request.at });
        });
        if (outcome.duplicate) duplicates += 1;
        return { status: 200, body: 'ok' };
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        rejected.push({ reason, body: request.body });
        return { status: 400, body: reason };
      } finally {
        notify();
      }
    };
    server.respond((request) => receive(request));

    return {
      url: server.url,
      delivered,
      rejected,
      get duplicates() {
        return duplicates;
      },
      has: (id) => byId.has(id),
      waitUntil(condition, timeoutMs, explain) {
        return new Promise<void>((resolve, reject) => {
          let done = false;
          let failing = false;
          const finish = (error?: Error) => {
            if (done) return;
            done = true;
            clearTimeout(timer);
            listeners.delete(check);
            if (error) reject(error);
            else resolve();
          };
          const fail = async (why: string) => {
            if (failing) return;
            failing = true;
            const details = await explain().catch((error: unknown) => `(no details: ${String(error)})`);
            finish(new Error(`${why}\n${details}`));
          };
          const check = () => {
            if (done || failing) return;
            if (rejected.length > 0)
              void fail(`the receiver refused ${rejected.length} delivery(ies): ${rejected[0]!.reason}`);
            else if (condition()) finish();
          };
          const timer = setTimeout(() => void fail(`not delivered within ${timeoutMs} ms`), timeoutMs);
          listeners.add(check);
          check();
        });
      },
      async stop() {
        await dispatcher?.stop(1000);
        await server.close();
      },
    };
  } catch (error) {
    await dispatcher?.stop(1000);
    await server.close();
    throw error;
  }
}
