import type { Mode } from '@cairn/contract';
import type { Gateway } from '../gateway/Gateway.js';
import { listDeliveries } from './listDeliveries.js';
import { redeliverWebhook } from './redeliverWebhook.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Queues one of a business's finished deliveries again ({@link redeliverWebhook}). Returns the new
 * delivery's id, or undefined when the id is no delivery of the business in that mode.
 *
 * @throws {WebhookError} DELIVERY_STILL_PENDING while the original is queued.
 */
export async function redeliverWebhookOfBusiness(
  gateway: Gateway,
  scope: { readonly businessId: string; readonly mode: Mode },
  deliveryId: string,
): Promise<string | undefined> {
  if (!UUID.test(deliveryId)) return undefined;
  const em = gateway.orm.em.fork();
  const [delivery] = await listDeliveries(em, { deliveryId, ...scope });
  if (!delivery) return undefined;
  return redeliverWebhook(em, gateway.clock, deliveryId);
}
