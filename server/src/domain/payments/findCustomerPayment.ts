import type { EntityManager } from '@mikro-orm/postgresql';
import { type IPayment, Payment } from '../../platform/db/entities/index.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import { isPaymentId } from './isPaymentId.js';

/**
 * The payment a customer's checkout URL names. The unguessable payment id is the customer's only
 * credential: it authorizes their own actions on this one payment and nothing else, so the lookup
 * is by id alone and the payment's own business and mode become the scope of every service call.
 * Throws 404 NOT_FOUND for a malformed or unknown id.
 */
export async function findCustomerPayment(em: EntityManager, id: string): Promise<IPayment> {
  const payment = isPaymentId(id) ? await em.findOne(Payment, { id }) : null;
  if (!payment) throw new ApiError('NOT_FOUND', 'No such payment.');
  return payment;
}
