import { DecisionDraft } from './decisionDraft.js';
import { refuse } from './refuse.js';
import { summarizeTransfers } from './summarizeTransfers.js';
import type { Decision, LifecycleEvent, LifecycleSnapshot } from './types.js';

/**
 * pending -> awaiting_payment (payment.awaiting). The window restarts for the picked chain: the patch
 * carries the new deadlines and the window timer is scheduled at the new expiresAt (a timer left from
 * before is stale and ignored by window_closed). Any other status is INVALID_PAYMENT_STATE; the service
 * answers "same option again" itself before calling.
 */
export function decideChainSelected(
  snapshot: LifecycleSnapshot,
  event: Extract<LifecycleEvent, { type: 'chain_selected' }>,
  now: Date,
): Decision {
  if (snapshot.status !== 'pending') {
    return refuse(
      'INVALID_PAYMENT_STATE',
      `A chain can only be selected on a pending payment; it is ${snapshot.status}.`,
    );
  }
  const draft = new DecisionDraft(snapshot, now, summarizeTransfers(snapshot)).enter(
    'awaiting_payment',
    'chain_selected',
  );
  draft.patch.expiresAt = event.expiresAt;
  draft.patch.lateGraceEndsAt = event.lateGraceEndsAt;
  draft.effect({ type: 'schedule_timer', timer: 'window', at: event.expiresAt });
  return draft.finish();
}
