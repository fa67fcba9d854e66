import {
  deduplicate,
  type IdStore,
  MemoryIdStore,
  verifyWebhook,
  type WebhookEvent,
  type WebhookSecret,
  WebhookVerificationError,
} from '@cairn/webhook-verifier';
import express, { type Express } from 'express';

export interface CreateAppOptions {
  /** The endpoint secret (`whsec_...`), or both secrets during a rotation. */
  secret: WebhookSecret;
  /** Where processed event ids are remembered. Default: in memory (use Redis/Postgres in production). */
  store?: IdStore;
  /** Called once per event id, after verification. Throw to answer 500 and have Cairn retry. */
  onEvent: (event: WebhookEvent) => void | Promise<void>;
}

/**
 * An Express 5 app receiving Cairn webhooks on `POST /webhooks/cairn`.
 *
 * The route uses `express.raw()` so the verifier sees the exact bytes Cairn signed; never mount
 * `express.json()` in front of it.
 */
export function createApp({ secret, store = new MemoryIdStore(), onEvent }: CreateAppOptions): Express {
  const app = express();

  app.post('/webhooks/cairn', express.raw({ type: 'application/json' }), async (req, res) => {
    let event: WebhookEvent;
    try {
      event = verifyWebhook({ payload: req.body, header: req.headers['x-webhook-signature'], secret });
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      res.status(400).json({ error: { code: error.code, message: error.message } });
      return;
    }
    // A redelivery of an already processed id is acknowledged without calling onEvent again.
    // Unhandled event types are acknowledged too: onEvent simply ignores them.
    const { duplicate } = await deduplicate(event, store, onEvent);
    res.status(200).json({ received: true, duplicate });
  });

  return app;
}
