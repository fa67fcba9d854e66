import { DecisionDraft } from './decisionDraft.js';
import { OPEN_STATUSES, reconcileOpenPayment } from './reconcileOpenPayment.js';
import { summarizeTransfers } from './summarizeTransfers.js';
import type { LifecycleSnapshot, OkDecision } from './types.js';
import { unchanged } from './unchanged.js';

/**
 * The window timer fired. A stale timer (expiresAt still ahead, after a chain pick restarted the
 * window) and a revived payment change nothing. pending -> expired. An open payment is first brought
 * in line with its transfers (a transfer the service has stored but not yet decided on is not lost),
 * then: no funds -> expired; short -> expired_underpaid; covered (payment_detected, confirming) never
 * expires (docs/lifecycle.md, rule 1). Entering expired / expired_underpaid schedules the late_grace timer.
 */
export function decideWindowClosed(snapshot: LifecycleSnapshot, now: Date): OkDecision {
  if (now.getTime() < snapshot.expiresAt.getTime() || snapshot.revived) return unchanged(snapshot);
  if (snapshot.status === 'pending') {
    return new DecisionDraft(snapshot, now, summarizeTransfers(snapshot))
      .enter('expired', 'window_closed')
      .finish();
  }
  if (OPEN_STATUSES.has(snapshot.status)) return reconcileOpenPayment(snapshot, now, true);
  return unchanged(snapshot);
}
