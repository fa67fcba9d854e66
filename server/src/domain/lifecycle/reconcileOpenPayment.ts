import type { PaymentStatus } from '@cairn/contract';
import { DecisionDraft } from './decisionDraft.js';
import { movesBack } from './movesBack.js';
import { planTransferPath } from './planTransferPath.js';
import { statusForTransfers } from './statusForTransfers.js';
import { summarizeTransfers } from './summarizeTransfers.js';
import type { LifecycleSnapshot, OkDecision } from './types.js';
import { unchanged } from './unchanged.js';

/** Statuses whose next status follows from the transfers (and the window). */
export const OPEN_STATUSES: ReadonlySet<PaymentStatus> = new Set([
  'awaiting_payment',
  'payment_detected',
  'confirming',
  'underpaid',
]);

/**
 * Moves an open payment to where its live transfers put it, then applies the window.
 *
 * - Forward: detection, confirming, confirmation (with each event in order); short beyond tolerance
 *   -> underpaid; a covering top-up on underpaid -> payment_detected and on.
 * - Back (reorg or double-spend) before the window closes, on the `reorg` trigger (payment.reverted, then
 *   the entered status's event): recompute (none -> awaiting_payment; partial -> underpaid; covered ->
 *   confirming if the transfers in a block cover, else payment_detected).
 * - confirming with no live transfer left in a block once the window has closed -> expired_reorged.
 * - Window (`now >= expiresAt`, payment not revived): with `windowTimer` (window_closed) a payment left
 *   with no funds expires and one left short becomes expired_underpaid. Without it (a transfer change
 *   after the window), only a payment that has just lost all its funds expires at once, because the
 *   window timer has already fired; one that has just become short stays underpaid (waiting for a top-up,
 *   the merchant's accept or a refund, like a revived partial payment).
 */
export function reconcileOpenPayment(
  snapshot: LifecycleSnapshot,
  now: Date,
  windowTimer: boolean,
): OkDecision {
  if (!OPEN_STATUSES.has(snapshot.status)) return unchanged(snapshot);
  const summary = summarizeTransfers(snapshot);
  if (snapshot.lockedAmount === null && summary.liveCount > 0) return unchanged(snapshot);
  const draft = new DecisionDraft(snapshot, now, summary);
  const windowClosed = now.getTime() >= snapshot.expiresAt.getTime();
  if (snapshot.status === 'confirming' && windowClosed && !summary.anyInBlock) {
    return draft.enter('expired_reorged', 'reorg').finish();
  }
  const target = statusForTransfers(summary);
  const trigger = movesBack(snapshot.status, target) ? 'reorg' : 'transfers_changed';
  for (const to of planTransferPath(snapshot.status, target)) draft.enter(to, trigger);
  if (windowClosed && !snapshot.revived) {
    if (target === 'awaiting_payment' && (windowTimer || snapshot.status !== target)) {
      draft.enter('expired', 'window_closed');
    } else if (target === 'underpaid' && windowTimer) {
      draft.enter('expired_underpaid', 'window_closed');
    }
  }
  return draft.finish();
}
