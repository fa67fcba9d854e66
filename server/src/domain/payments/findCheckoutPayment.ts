import type { Gateway } from '../gateway/Gateway.js';
import { findCustomerPayment } from './findCustomerPayment.js';
import type { PaymentScope } from './lockPayment.js';

/** The payment a checkout URL names, and the scope its customer's actions run in. */
export interface CheckoutPaymentRef {
  readonly id: string;
  /** The payment's own business and mode. */
  readonly scope: PaymentScope;
}

/**
 * The payment of a customer's action on the checkout of payment `id`, by id alone (the id is the
 * customer's only credential): its own business and mode become the scope of every service call.
 * Throws 404 NOT_FOUND for a malformed or unknown id.
 */
export async function findCheckoutPayment(gateway: Gateway, id: string): Promise<CheckoutPaymentRef> {
  const payment = await findCustomerPayment(gateway.orm.em.fork(), id);
  return { id: payment.id, scope: { businessId: payment.businessId, mode: payment.mode } };
}
