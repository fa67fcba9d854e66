import type { Payment as PaymentBody } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../../platform/db/inTransaction.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from './lockPayment.js';
import { lockPayment } from './lockPayment.js';
import { loadAggregate, serializePayment } from './serializePayment.js';
import { transitionPayment } from './transitionPayment.js';

/**
 * Cancels a payment with no detected transaction (DELETE /api/v1/payments/{id} for the merchant, the
 * Cancel button for the customer). Cancelling an already cancelled payment returns it unchanged, so a
 * retried DELETE is safe; payment_detected or later is 409 PAYMENT_NOT_CANCELLABLE. Given `tx`, runs
 * in it (voiding an invoice cancels its payment in the same transaction).
 */
export async function cancelPayment(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
  by: 'merchant' | 'customer',
  tx?: EntityManager,
): Promise<PaymentBody> {
  return inTransaction(gateway.orm, tx, async (em) => {
    const payment = await lockPayment(em, scope, id);
    if (payment.status === 'cancelled')
      return serializePayment(gateway.config, await loadAggregate(em, payment));
    const aggregate = await transitionPayment(gateway, em, payment, { type: 'cancel', by });
    return serializePayment(gateway.config, aggregate);
  });
}
