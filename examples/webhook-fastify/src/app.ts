import {
  deduplicate,
  type IdStore,
  MemoryIdStore,
  verifyWebhook,
  type WebhookEvent,
  type WebhookSecret,
  WebhookVerificationError,
} from '@cairn/webhook-verifier';
import Fastify, { type FastifyInstance } from 'fastify';

export interface CreateAppOptions {
  /** The endpoint secret (`whsec_...`), or both secrets during a rotation. */
  secret: WebhookSecret;
  /** Where processed event ids are remembered. Default: in memory (use Redis/Postgres in production). */
  store?: IdStore;
  /** Called once per event id, after verification. Throw to answer 500 and have Cairn retry. */
  onEvent: (event: WebhookEvent) => void | Promise<void>;
}

/**
 * A Fastify 5 app receiving Cairn webhooks on `POST /webhooks/cairn`. Building the app is separate
 * from listening (see server.ts), so tests can start it on any port.
 *
 * The webhook route lives in its own encapsulated plugin whose `application/json` parser keeps the
 * body as the raw Buffer; the rest of an application keeps Fastify's normal JSON parsing.
 */
export function createApp({
  secret,
  store = new MemoryIdStore(),
  onEvent,
}: CreateAppOptions): FastifyInstance {
  const app = Fastify();

  app.register(async (webhooks) => {
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    webhooks.post<{ Body: Buffer }>('/webhooks/cairn', async (request, reply) => {
      let event: WebhookEvent;
      try {
        event = verifyWebhook({
          payload: request.body,
          header: request.headers['x-webhook-signature'],
          secret,
        });
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        return reply.code(400).send({ error: { code: error.code, message: error.message } });
      }
      // A redelivery of an already processed id is acknowledged without calling onEvent again.
      // Unhandled event types are acknowledged too: onEvent simply ignores them.
      const { duplicate } = await deduplicate(event, store, onEvent);
      return { received: true, duplicate };
    });
  });

  return app;
}
