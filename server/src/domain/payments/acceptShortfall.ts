import type { Payment as PaymentBody } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../../platform/db/inTransaction.js';
import type { Gateway } from '../gateway/Gateway.js';
import { lockPayment, type PaymentScope } from './lockPayment.js';
import { serializePayment } from './serializePayment.js';
import { transitionPayment } from './transitionPayment.js';

/**
 * POST /api/v1/payments/{id}/accept-shortfall: the merchant accepts an underpayment (-> confirmed).
 * Runs in `tx` when given (see inTransaction), else in a transaction of its own.
 */
export async function acceptShortfall(
  gateway: Gateway,
  auth: PaymentScope,
  id: string,
  tx?: EntityManager,
): Promise<PaymentBody> {
  return inTransaction(gateway.orm, tx, async (em) => {
    const payment = await lockPayment(em, auth, id);
    const aggregate = await transitionPayment(gateway, em, payment, { type: 'accept_shortfall' });
    return serializePayment(gateway.config, aggregate);
  });
}
