import type { Checkout } from '@cairn/contract';
import { Business } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { findPayment, type PaymentScope } from './lockPayment.js';
import { serializeCheckout } from './serializeCheckout.js';
import { loadAggregate } from './serializePayment.js';

/** GET /api/v1/checkout/{id}: the checkout of a payment; after select-chain it carries the address. */
export async function retrieveCheckout(gateway: Gateway, scope: PaymentScope, id: string): Promise<Checkout> {
  const em = gateway.orm.em.fork();
  const payment = await findPayment(em, scope, id);
  const business = await em.findOneOrFail(Business, { id: payment.businessId });
  return serializeCheckout(gateway.config, business, await loadAggregate(em, payment));
}
