import { DecisionDraft } from './decisionDraft.js';
import { refuse } from './refuse.js';
import { summarizeTransfers } from './summarizeTransfers.js';
import type { Decision, LifecycleEvent, LifecycleSnapshot } from './types.js';

/**
 * Customer or merchant cancel. Only pending or awaiting_payment with no live transfer -> cancelled
 * (payment.cancelled with cancelled_by). A live transfer the status has not caught up with yet (a race
 * with detection) already makes it not cancellable, as does every later, expired or terminal status.
 */
export function decideCancel(
  snapshot: LifecycleSnapshot,
  event: Extract<LifecycleEvent, { type: 'cancel' }>,
  now: Date,
): Decision {
  const summary = summarizeTransfers(snapshot);
  if (snapshot.status !== 'pending' && snapshot.status !== 'awaiting_payment') {
    return refuse('PAYMENT_NOT_CANCELLABLE', `A ${snapshot.status} payment cannot be cancelled.`);
  }
  if (summary.liveCount > 0) {
    return refuse(
      'PAYMENT_NOT_CANCELLABLE',
      'An on-chain transaction was already detected for this payment.',
    );
  }
  const draft = new DecisionDraft(snapshot, now, summary).enter('cancelled', 'cancel', {
    cancelledBy: event.by,
  });
  draft.patch.cancelledBy = event.by;
  return draft.finish();
}
