import { reconcileOpenPayment } from './reconcileOpenPayment.js';
import { reconsiderConfirmation } from './reconsiderConfirmation.js';
import { reviveLatePayment } from './reviveLatePayment.js';
import type { LifecycleSnapshot, OkDecision } from './types.js';
import { unchanged } from './unchanged.js';

/**
 * A transfer appeared, got deeper or was removed. Open payments follow their transfers, a confirmed
 * one is undone only by a reorg, expired ones may revive within the late grace. pending (no deposit
 * target yet) and the other terminal statuses, and refund_requested (awaiting the merchant), ignore it.
 */
export function decideTransfersChanged(snapshot: LifecycleSnapshot, now: Date): OkDecision {
  switch (snapshot.status) {
    case 'awaiting_payment':
    case 'payment_detected':
    case 'confirming':
    case 'underpaid':
      return reconcileOpenPayment(snapshot, now, false);
    case 'confirmed':
      return reconsiderConfirmation(snapshot, now);
    case 'expired':
    case 'expired_underpaid':
      return reviveLatePayment(snapshot, now);
    default:
      return unchanged(snapshot);
  }
}
