import { DecisionDraft } from './decisionDraft.js';
import { planTransferPath } from './planTransferPath.js';
import { statusForTransfers } from './statusForTransfers.js';
import { summarizeTransfers } from './summarizeTransfers.js';
import type { LifecycleSnapshot, OkDecision } from './types.js';
import { unchanged } from './unchanged.js';

/**
 * Late revival of an expired or expired_underpaid payment, while `now <= lateGraceEndsAt`: fully
 * covered -> payment_detected (and on through confirming and confirmed as depth allows); partial ->
 * underpaid. Both set the revived flag, so the payment is never auto-expired again. A partial revival
 * needs more money than was there at expiry (receivedAtExpiry; 0 for expired), so a deeper confirmation
 * of the old partial transfer is not a late transaction. After the grace: no change (the service still
 * records the transfer).
 */
export function reviveLatePayment(snapshot: LifecycleSnapshot, now: Date): OkDecision {
  const { status } = snapshot;
  if ((status !== 'expired' && status !== 'expired_underpaid') || snapshot.lockedAmount === null) {
    return unchanged(snapshot);
  }
  if (now.getTime() > snapshot.lateGraceEndsAt.getTime()) return unchanged(snapshot);
  const summary = summarizeTransfers(snapshot);
  if (summary.liveCount === 0) return unchanged(snapshot);
  const target = statusForTransfers(summary);
  const atExpiry = snapshot.receivedAtExpiry ?? (status === 'expired' ? 0n : null);
  if (target === 'underpaid' && (atExpiry === null || summary.received <= atExpiry))
    return unchanged(snapshot);
  const draft = new DecisionDraft(snapshot, now, summary);
  draft.patch.revived = true;
  for (const to of planTransferPath(status, target)) draft.enter(to, 'transfers_changed');
  return draft.finish();
}
