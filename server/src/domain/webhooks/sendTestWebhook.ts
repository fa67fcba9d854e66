import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxEvent, WebhookEndpoint } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';
import { rfc3339 } from '../payments/serializePayment.js';
import { WebhookError } from './WebhookError.js';
import { TEST_EVENT_NAME } from './webhookEventNames.js';

/**
 * "Send test" (docs/webhooks.md): writes a synthetic `webhook.test` event for an API key's endpoint to the
 * outbox, so it goes through the same pipeline as real events (delivery row, signing, SSRF guard,
 * retries, delivery log). Its data says plainly that it is a test and carries no payment.
 *
 * @throws {WebhookError} WEBHOOK_ENDPOINT_NOT_FOUND when the key has no endpoint.
 */
export async function sendTestWebhook(
  em: EntityManager,
  clock: Clock,
  apiKeyId: string,
): Promise<{ eventId: string; deliveryId: string }> {
  const endpoint = await em.findOne(WebhookEndpoint, { apiKeyId });
  if (!endpoint)
    throw new WebhookError('WEBHOOK_ENDPOINT_NOT_FOUND', `API key ${apiKeyId} has no webhook endpoint.`);
  const id = randomUUID();
  const now = clock.now();
  em.create(OutboxEvent, {
    id,
    businessId: endpoint.businessId,
    apiKeyId,
    mode: endpoint.mode,
    paymentId: null,
    event: TEST_EVENT_NAME,
    payload: {
      id: `evt_${id}`,
      event: TEST_EVENT_NAME,
      created_at: rfc3339(now),
      data: {
        test: true,
        message: 'A test event sent from Cairn. It is not a payment; answer 2xx.',
        api_key_id: apiKeyId,
        mode: endpoint.mode,
      },
    },
    createdAt: now,
  });
  await em.flush();
  const [row] = await em
    .getConnection()
    .execute<{ id: string }[]>('select id from webhook_deliveries where outbox_event_id = ?', [id]);
  if (!row) throw new Error(`the outbox trigger queued no delivery for test event ${id}`);
  return { eventId: `evt_${id}`, deliveryId: row.id };
}
