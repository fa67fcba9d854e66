import { reconcileOpenPayment } from './reconcileOpenPayment.js';
import { reconsiderConfirmation } from './reconsiderConfirmation.js';
import { reportFundsAfterClose } from './reportFundsAfterClose.js';
import { reviveLatePayment } from './reviveLatePayment.js';
import type { LifecycleSnapshot, OkDecision } from './types.js';

/**
 * A transfer appeared, got deeper or was removed. Open payments follow their transfers, a confirmed
 * one is undone only by a reorg, expired ones may revive within the late grace. Otherwise the status
 * stays: pending (no deposit target yet) ignores it, and a payment closed to funds (cancelled,
 * refund_requested, refunded, failed, expired_reorged, expired past the grace) reports each transfer
 * that arrived after its close once it is at depth (payment.received_after_close).
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
    case 'expired_underpaid': {
      const revived = reviveLatePayment(snapshot, now);
      return revived.status !== snapshot.status ? revived : reportFundsAfterClose(snapshot, now);
    }
    default:
      return reportFundsAfterClose(snapshot, now);
  }
}
