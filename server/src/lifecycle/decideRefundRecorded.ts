import { DecisionDraft } from './decisionDraft.js';
import { refuse } from './refuse.js';
import { summarizeTransfers } from './summarizeTransfers.js';
import type { Decision, LifecycleSnapshot } from './types.js';

/**
 * The merchant records the refund sent back: refund_requested, underpaid or expired_underpaid ->
 * refunded (payment.refunded), timers cancelled.
 */
export function decideRefundRecorded(snapshot: LifecycleSnapshot, now: Date): Decision {
  const { status } = snapshot;
  if (status !== 'refund_requested' && status !== 'underpaid' && status !== 'expired_underpaid') {
    return refuse('INVALID_PAYMENT_STATE', `A refund cannot be recorded on a ${status} payment.`);
  }
  return new DecisionDraft(snapshot, now, summarizeTransfers(snapshot))
    .enter('refunded', 'refund_recorded')
    .finish();
}
