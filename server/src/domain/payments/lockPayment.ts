import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type IPayment, Payment } from '../../platform/db/entities/index.js';
import { paymentNotFound } from '../../platform/runtime/ApiError.js';
import type { AuthContext } from '../apiKeys/AuthContext.js';

/** The scope a payment is looked up in: the calling key's business and mode. */
export type PaymentScope = Pick<AuthContext, 'businessId' | 'mode'>;

/**
 * Loads a payment of the caller's business and mode with a row lock (SELECT ... FOR UPDATE), so that
 * concurrent changes (a cancel racing a detection) are serialised and exactly one wins.
 */
export async function lockPayment(em: EntityManager, scope: PaymentScope, id: string): Promise<IPayment> {
  const payment = await em.findOne(
    Payment,
    { id, businessId: scope.businessId, mode: scope.mode },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!payment) throw paymentNotFound(id);
  return payment;
}

/** Loads a payment of the caller's business and mode without a lock. */
export async function findPayment(em: EntityManager, scope: PaymentScope, id: string): Promise<IPayment> {
  const payment = await em.findOne(Payment, { id, businessId: scope.businessId, mode: scope.mode });
  if (!payment) throw paymentNotFound(id);
  return payment;
}
