import type { EntityManager } from '@mikro-orm/postgresql';
import { type IPayment, type ITransfer, Transfer } from '../../platform/db/entities/index.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import { decide } from '../lifecycle/decide.js';
import type { LifecycleEvent, OkDecision } from '../lifecycle/types.js';
import { lifecycleSnapshot } from './lifecycleSnapshot.js';

/** What the lifecycle decided for a locked payment, and the transfers it decided on. */
export interface PaymentDecision {
  readonly decision: OkDecision;
  readonly transfers: readonly ITransfer[];
}

/**
 * Asks the lifecycle module what `event` does to a locked payment, without applying it (the caller
 * applies it with `applyDecision` in the same transaction, after anything that depends on the
 * answer). A refusal becomes the ApiError the lifecycle names (409).
 */
export async function decidePayment(
  gateway: Gateway,
  em: EntityManager,
  payment: IPayment,
  event: LifecycleEvent,
): Promise<PaymentDecision> {
  const transfers = await em.find(Transfer, { paymentId: payment.id });
  const decision = decide(lifecycleSnapshot(payment, transfers), event, gateway.clock.now());
  if (!decision.ok) throw new ApiError(decision.code, decision.message);
  return { decision, transfers };
}
