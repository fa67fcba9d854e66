import type { PaymentStatus } from '@cairn/contract';
import { Payment } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from './lockPayment.js';

/** A payment's status and when it last changed: what an open payment's page polls. */
export interface PaymentStatusNow {
  readonly status: PaymentStatus;
  readonly updatedAt: Date;
}

/** The status of a payment of the business and mode, or undefined (no such payment there). */
export async function loadPaymentStatus(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
): Promise<PaymentStatusNow | undefined> {
  const payment = await gateway.orm.em
    .fork()
    .findOne(
      Payment,
      { id, businessId: scope.businessId, mode: scope.mode },
      { fields: ['status', 'updatedAt'] },
    );
  return payment ? { status: payment.status, updatedAt: payment.updatedAt } : undefined;
}
