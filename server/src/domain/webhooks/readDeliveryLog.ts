import type { Gateway } from '../gateway/Gateway.js';
import { type DeliveryFilter, type DeliveryLogEntry, listDeliveries } from './listDeliveries.js';

/**
 * The delivery log of every business, newest first, filtered by key, mode, status or payment
 * (`cairn webhooks:deliveries`): {@link listDeliveries} on a connection of its own.
 */
export async function readDeliveryLog(
  gateway: Pick<Gateway, 'orm'>,
  filter: DeliveryFilter = {},
): Promise<DeliveryLogEntry[]> {
  return listDeliveries(gateway.orm.em.fork(), filter);
}
