import type { EntityManager } from '@mikro-orm/postgresql';
import { type IPayment, Transfer } from '../db/entities/index.js';
import { ApiError } from '../errors/ApiError.js';
import type { Gateway } from '../gateway.js';
import { decide } from '../lifecycle/decide.js';
import type { LifecycleEvent } from '../lifecycle/types.js';
import { applyDecision } from './applyDecision.js';
import { lifecycleSnapshot } from './lifecycleSnapshot.js';
import type { PaymentAggregate } from './serializePayment.js';

/**
 * Asks the lifecycle module what `event` does to a locked payment and applies the answer in the
 * caller's transaction. A refusal becomes the ApiError the lifecycle names (409).
 */
export async function transitionPayment(
  gateway: Gateway,
  em: EntityManager,
  payment: IPayment,
  event: LifecycleEvent,
): Promise<PaymentAggregate> {
  const transfers = await em.find(Transfer, { paymentId: payment.id });
  const decision = decide(lifecycleSnapshot(payment, transfers), event, gateway.clock.now());
  if (!decision.ok) throw new ApiError(decision.code, decision.message);
  return applyDecision(gateway, em, payment, decision);
}
