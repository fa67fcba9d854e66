import { DecisionDraft } from './decisionDraft.js';
import { planTransferPath } from './planTransferPath.js';
import { statusForTransfers } from './statusForTransfers.js';
import { summarizeTransfers, type TransferSummary } from './summarizeTransfers.js';
import type { LifecycleSnapshot, OkDecision } from './types.js';
import { unchanged } from './unchanged.js';

/**
 * A transfer change on a confirmed payment. Confirmed is terminal success; only a reorg that takes its
 * money out of the chain undoes it. A transfer counts as still on the chain while it is live and in a
 * block: losing depth (re-mined in another block) does not undo a confirmation, going back to the
 * mempool or being removed does.
 *
 * - The confirmation holds (no change) while the live in-block transfers still cover the locked amount
 *   (or, for an accepted shortfall, still reach the amount that was confirmed). New transfers after
 *   confirmation change nothing.
 * - Window closed and no live transfer left in a block -> expired_reorged (docs/lifecycle.md). This includes a
 *   confirmed payment whose only transaction went back to the mempool: it has left the chain, and
 *   expired_reorged does not revive even if it is mined again.
 * - Window closed, something still in a block -> recompute: short -> underpaid (stays underpaid: the
 *   window timer is gone and the merchant may still accept the shortfall); covered only with a
 *   transfer back in the mempool -> payment_detected.
 * - Window still open -> recompute from the live transfers (none -> awaiting_payment; partial ->
 *   underpaid; covered only with the mempool -> payment_detected), and reschedule the window timer that
 *   the confirmation cancelled.
 * Every move back is walked on the `reorg` trigger: payment.reverted, then the entered status's event.
 * (confirmed -> confirming cannot happen: while the in-block transfers cover, the confirmation holds.)
 * Leaving confirmed reverses a charged fee and clears the overpaid flag (DecisionDraft).
 */
export function reconsiderConfirmation(snapshot: LifecycleSnapshot, now: Date): OkDecision {
  if (snapshot.status !== 'confirmed' || snapshot.lockedAmount === null) return unchanged(snapshot);
  const summary = summarizeTransfers(snapshot);
  const windowClosed = now.getTime() >= snapshot.expiresAt.getTime();
  const draft = new DecisionDraft(snapshot, now, summary);
  if (!summary.anyInBlock && windowClosed) return draft.enter('expired_reorged', 'reorg').finish();
  if (summary.anyInBlock && confirmationHolds(snapshot, summary)) return unchanged(snapshot);
  const target = statusForTransfers(summary);
  if (target === 'confirmed') return unchanged(snapshot);
  for (const to of planTransferPath('confirmed', target)) draft.enter(to, 'reorg');
  if (!windowClosed && !snapshot.revived) {
    draft.effect({ type: 'schedule_timer', timer: 'window', at: snapshot.expiresAt });
  }
  return draft.finish();
}

function confirmationHolds(snapshot: LifecycleSnapshot, summary: TransferSummary): boolean {
  if (summary.coveredInBlock) return true;
  const confirmed = snapshot.confirmedAmount;
  if (confirmed !== undefined && confirmed !== null) return summary.receivedInBlock >= confirmed;
  // Without confirmedAmount an accepted shortfall looks like an undone confirmation; undo it only when
  // a transfer is marked removed (or, above, none is left in a block).
  return !summary.anyRemoved;
}
