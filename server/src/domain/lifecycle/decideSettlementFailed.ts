import type { FailureReason, PaymentStatus } from '@cairn/contract';
import { DecisionDraft } from './decisionDraft.js';
import { refuse } from './refuse.js';
import { summarizeTransfers } from './summarizeTransfers.js';
import type { Decision, LifecycleEvent, LifecycleSnapshot } from './types.js';

/** Which statuses each gasless failure can come from (docs/lifecycle.md). */
const FAILS_FROM: Readonly<Record<FailureReason, readonly PaymentStatus[]>> = {
  insufficient_balance: ['awaiting_payment'],
  estimate_revert: ['awaiting_payment'],
  settlement_reverted: ['payment_detected', 'confirming'],
};

/**
 * Gasless settlement failed: -> failed (payment.failed with failure_reason), timers cancelled.
 * insufficient_balance and estimate_revert abort before broadcast (from awaiting_payment);
 * settlement_reverted was broadcast and reverted (from payment_detected or confirming).
 */
export function decideSettlementFailed(
  snapshot: LifecycleSnapshot,
  event: Extract<LifecycleEvent, { type: 'settlement_failed' }>,
  now: Date,
): Decision {
  if (!FAILS_FROM[event.reason].includes(snapshot.status)) {
    return refuse(
      'INVALID_PAYMENT_STATE',
      `Settlement failure ${event.reason} cannot apply to a ${snapshot.status} payment.`,
    );
  }
  const draft = new DecisionDraft(snapshot, now, summarizeTransfers(snapshot)).enter(
    'failed',
    'settlement_failed',
    {
      failureReason: event.reason,
    },
  );
  draft.patch.failureReason = event.reason;
  return draft.finish();
}
