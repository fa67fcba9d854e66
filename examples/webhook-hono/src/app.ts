import {
  deduplicate,
  type IdStore,
  MemoryIdStore,
  verifyWebhook,
  type WebhookEvent,
  type WebhookSecret,
  WebhookVerificationError,
} from '@cairn/webhook-verifier/web';
import { Hono } from 'hono';

export interface CreateAppOptions {
  /** The endpoint secret (`whsec_...`), or both secrets during a rotation. */
  secret: WebhookSecret;
  /** Where processed event ids are remembered. Default: in memory (use Redis/Postgres/KV in production). */
  store?: IdStore;
  /** Called once per event id, after verification. Throw to answer 500 and have Cairn retry. */
  onEvent: (event: WebhookEvent) => void | Promise<void>;
}

/**
 * A Hono 4 app receiving Cairn webhooks on `POST /webhooks/cairn`.
 *
 * It uses the WebCrypto entry point (`@cairn/webhook-verifier/web`), so the same app runs on Node
 * (server.ts, via @hono/node-server), Cloudflare Workers, Deno and Bun. The body is read as raw bytes
 * with `arrayBuffer()`; never verify `await c.req.json()` re-serialized.
 */
export function createApp({ secret, store = new MemoryIdStore(), onEvent }: CreateAppOptions): Hono {
  const app = new Hono();

  app.post('/webhooks/cairn', async (c) => {
    let event: WebhookEvent;
    try {
      event = await verifyWebhook({
        payload: new Uint8Array(await c.req.arrayBuffer()),
        header: c.req.header('x-webhook-signature'),
        secret,
      });
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      return c.json({ error: { code: error.code, message: error.message } }, 400);
    }
    // A redelivery of an already processed id is acknowledged without calling onEvent again.
    // Unhandled event types are acknowledged too: onEvent simply ignores them.
    const { duplicate } = await deduplicate(event, store, onEvent);
    return c.json({ received: true, duplicate });
  });

  return app;
}
