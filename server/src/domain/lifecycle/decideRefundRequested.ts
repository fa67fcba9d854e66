import { DecisionDraft } from './decisionDraft.js';
import { refundableAfterClose } from './refundableAfterClose.js';
import { refuse } from './refuse.js';
import { summarizeTransfers } from './summarizeTransfers.js';
import type { Decision, LifecycleSnapshot } from './types.js';
import { unchanged } from './unchanged.js';

/**
 * The customer asks for a refund on the checkout: underpaid or expired_underpaid -> refund_requested.
 * On a payment closed to funds that holds funds reported after its close, the first request is
 * accepted without a status change and announced by payment.refund_requested (the service stores the
 * address); a later one is refused, as on every other status.
 */
export function decideRefundRequested(snapshot: LifecycleSnapshot, now: Date): Decision {
  if (snapshot.status === 'underpaid' || snapshot.status === 'expired_underpaid') {
    return new DecisionDraft(snapshot, now, summarizeTransfers(snapshot))
      .enter('refund_requested', 'refund_requested')
      .finish();
  }
  if (refundableAfterClose(snapshot, now) && !snapshot.refundRequested) {
    return {
      ...unchanged(snapshot),
      emitted: [{ name: 'payment.refund_requested', status: snapshot.status }],
    };
  }
  return refuse(
    'INVALID_PAYMENT_STATE',
    snapshot.refundRequested
      ? 'A refund was already requested for this payment.'
      : `A refund can only be requested on an underpaid payment; it is ${snapshot.status}.`,
  );
}
