import type { Payment as PaymentBody } from '@cairn/contract';
import type { AuthContext } from '../apiKeys/AuthContext.js';
import type { Gateway } from '../gateway/Gateway.js';
import { findPayment } from './lockPayment.js';
import { loadAggregate, serializePayment } from './serializePayment.js';

/** GET /api/v1/payments/{id}. Ids of other businesses or the other mode are 404. */
export async function retrievePayment(gateway: Gateway, auth: AuthContext, id: string): Promise<PaymentBody> {
  const em = gateway.orm.em.fork();
  const payment = await findPayment(em, auth, id);
  return serializePayment(gateway.config, await loadAggregate(em, payment));
}
