import type { Gateway } from '../gateway/Gateway.js';
import { redeliverWebhook } from './redeliverWebhook.js';

/**
 * Queues a finished delivery of any business again (`cairn webhooks:redeliver`):
 * {@link redeliverWebhook} in a unit of work of its own. Returns the new delivery's id.
 *
 * @throws {WebhookError} DELIVERY_NOT_FOUND, or DELIVERY_STILL_PENDING while the original is queued.
 */
export async function queueRedelivery(
  gateway: Pick<Gateway, 'orm' | 'clock'>,
  deliveryId: string,
): Promise<string> {
  return redeliverWebhook(gateway.orm.em.fork(), gateway.clock, deliveryId);
}
