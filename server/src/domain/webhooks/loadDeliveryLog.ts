import type { Gateway } from '../gateway/Gateway.js';
import { type DeliveryFilter, type DeliveryLogEntry, listDeliveries } from './listDeliveries.js';

/** The delivery log of {@link listDeliveries}, read on its own connection. */
export async function loadDeliveryLog(gateway: Gateway, filter: DeliveryFilter): Promise<DeliveryLogEntry[]> {
  return listDeliveries(gateway.orm.em.fork(), filter);
}
