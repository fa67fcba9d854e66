import type { Payment as PaymentBody } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../../platform/db/inTransaction.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import { lockPayment, type PaymentScope } from './lockPayment.js';
import { serializePayment } from './serializePayment.js';
import { transitionPayment } from './transitionPayment.js';

/**
 * POST /api/v1/test_helpers/payments/{id}/expire: ends a test payment's window at the gateway clock's
 * now. The lifecycle decides it (`expire_now`: the window timer's own decision with the deadline moved),
 * so payment.expired or payment.expired_underpaid is written and delivered like the timer's. A live key
 * is refused with TEST_MODE_ONLY before anything is read; with a test key only test payments are found
 * (the scope carries the mode), so a live payment id is 404. Runs in `tx` when given.
 */
export async function expireTestPayment(
  gateway: Gateway,
  auth: PaymentScope,
  id: string,
  tx?: EntityManager,
): Promise<PaymentBody> {
  if (auth.mode !== 'test') {
    throw new ApiError(
      'TEST_MODE_ONLY',
      'Test helpers work in test mode only: call them with a pk_test_ key (live payments cannot be expired early).',
    );
  }
  return inTransaction(gateway.orm, tx, async (em) => {
    const payment = await lockPayment(em, auth, id);
    const aggregate = await transitionPayment(gateway, em, payment, { type: 'expire_now' });
    return serializePayment(gateway.config, aggregate);
  });
}
