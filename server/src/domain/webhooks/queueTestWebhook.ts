import type { Gateway } from '../gateway/Gateway.js';
import { sendTestWebhook } from './sendTestWebhook.js';

/** A queued `webhook.test` event and its delivery. */
export interface QueuedTestWebhook {
  /** The `evt_` id of the body. */
  readonly event_id: string;
  readonly delivery_id: string;
}

/**
 * Queues a `webhook.test` event for any API key's endpoint (`cairn webhooks:send-test`):
 * {@link sendTestWebhook} in a unit of work of its own. The delivery pipeline sends it.
 *
 * @throws {WebhookError} WEBHOOK_ENDPOINT_NOT_FOUND when the key has no endpoint.
 */
export async function queueTestWebhook(
  gateway: Pick<Gateway, 'orm' | 'clock'>,
  apiKeyId: string,
): Promise<QueuedTestWebhook> {
  const { eventId, deliveryId } = await sendTestWebhook(gateway.orm.em.fork(), gateway.clock, apiKeyId);
  return { event_id: eventId, delivery_id: deliveryId };
}
