import type { EntityManager } from '@mikro-orm/postgresql';
import type { IPayment } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { LifecycleEvent } from '../lifecycle/types.js';
import { applyDecision } from './applyDecision.js';
import { decidePayment } from './decidePayment.js';
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
  const { decision } = await decidePayment(gateway, em, payment, event);
  return applyDecision(gateway, em, payment, decision);
}
