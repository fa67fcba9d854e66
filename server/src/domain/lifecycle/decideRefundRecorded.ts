import { DecisionDraft } from './decisionDraft.js';
import { refundableAfterClose } from './refundableAfterClose.js';
import { refuse } from './refuse.js';
import { summarizeTransfers } from './summarizeTransfers.js';
import type { Decision, LifecycleSnapshot } from './types.js';
import { unchanged } from './unchanged.js';

/**
 * The merchant records the refund sent back: refund_requested, underpaid or expired_underpaid ->
 * refunded (payment.refunded), timers cancelled. On a payment closed to funds that holds funds
 * reported after its close (`refundableAfterClose`), the refund of those funds is accepted without a
 * status change or event (a terminal status stays terminal; the service caps the amount).
 */
export function decideRefundRecorded(snapshot: LifecycleSnapshot, now: Date): Decision {
  const { status } = snapshot;
  if (status === 'refund_requested' || status === 'underpaid' || status === 'expired_underpaid') {
    return new DecisionDraft(snapshot, now, summarizeTransfers(snapshot))
      .enter('refunded', 'refund_recorded')
      .finish();
  }
  if (refundableAfterClose(snapshot, now)) return unchanged(snapshot);
  return refuse('INVALID_PAYMENT_STATE', `A refund cannot be recorded on a ${status} payment.`);
}
