import { DecisionDraft } from './decisionDraft.js';
import { refuse } from './refuse.js';
import { summarizeTransfers } from './summarizeTransfers.js';
import type { Decision, LifecycleSnapshot } from './types.js';

/** The customer asks for a refund on the checkout: underpaid or expired_underpaid -> refund_requested. */
export function decideRefundRequested(snapshot: LifecycleSnapshot, now: Date): Decision {
  if (snapshot.status !== 'underpaid' && snapshot.status !== 'expired_underpaid') {
    return refuse(
      'INVALID_PAYMENT_STATE',
      `A refund can only be requested on an underpaid payment; it is ${snapshot.status}.`,
    );
  }
  return new DecisionDraft(snapshot, now, summarizeTransfers(snapshot))
    .enter('refund_requested', 'refund_requested')
    .finish();
}
