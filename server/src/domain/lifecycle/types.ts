import type { CancelledBy, FailureReason, PaymentEventName, PaymentStatus } from '@cairn/contract';
import type { TransitionTrigger } from './transitionTable.js';

/**
 * One incoming transfer as the watcher last saw it.
 * `confirmations`: 0 = seen in the mempool only; >= 1 = in a block on the active chain.
 * `removed`: dropped by a reorg or a double-spend; a removed transfer never counts.
 */
export interface TransferView {
  readonly key: string;
  readonly amount: bigint;
  readonly confirmations: number;
  readonly removed: boolean;
  /**
   * How the transfer stands towards the payment's closing (set through the `hold_transfers` and
   * `mark_transfer_reported` effects): `held` = live when the payment last entered a closing status, so
   * part of what it accounts for; `reported` = arrived after the close and reported by
   * payment.received_after_close. Undefined otherwise.
   */
  readonly closing?: 'held' | 'reported';
}

/** What the lifecycle needs to know about a payment. Money in smallest units, percentages in basis points. */
export interface LifecycleSnapshot {
  readonly status: PaymentStatus;
  /** Payment window deadline. */
  readonly expiresAt: Date;
  /** expiresAt + the chain's late grace (12 h). */
  readonly lateGraceEndsAt: Date;
  /** Set by a late revival; a revived payment is never auto-expired again. */
  readonly revived: boolean;
  readonly overpaid: boolean;
  /** The platform fee is currently deducted for this payment. */
  readonly feeCharged: boolean;
  /** Crypto amount of the selected option; null before a chain is picked. */
  readonly lockedAmount: bigint | null;
  /** e.g. 50 = 0.5 % */
  readonly underpaymentToleranceBps: number;
  /** e.g. 100 = 1 % */
  readonly overpaymentThresholdBps: number;
  /** Depth every contributing transfer needs; values below 1 count as 1 (a mempool sighting never confirms). */
  readonly requiredConfirmations: number;
  /** The CURRENT view (the watcher's latest observation already stored). */
  readonly transfers: readonly TransferView[];
  /**
   * Live amount received when the payment last became confirmed (`patch.confirmedAmount`). Lets a
   * reorg check tell an accepted shortfall from a confirmation undone by a reorg. Optional: without it
   * an uncovered confirmed payment is undone only when a transfer is marked removed or none is left in
   * a block.
   */
  readonly confirmedAmount?: bigint | null;
  /**
   * Live amount received when the payment entered expired / expired_underpaid
   * (`patch.receivedAtExpiry`). A late revival to underpaid needs more than this, so a deeper
   * confirmation of the old partial transfer does not "revive" it. Optional: without it an
   * expired_underpaid payment revives only when it becomes fully covered (an expired one has 0).
   */
  readonly receivedAtExpiry?: bigint | null;
  /** The customer gave a refund address on the checkout (at most once per payment). */
  readonly refundRequested?: boolean;
}

export type LifecycleEvent =
  /** pending -> awaiting_payment; the window restarts for the picked chain. */
  | { type: 'chain_selected'; expiresAt: Date; lateGraceEndsAt: Date }
  /** A transfer appeared, got deeper, or was removed: recompute. */
  | { type: 'transfers_changed' }
  /** The timer at expiresAt fired. */
  | { type: 'window_closed' }
  /** The timer at lateGraceEndsAt fired. */
  | { type: 'late_grace_ended' }
  /** Test mode only: end the window now (expiresAt becomes now), then as window_closed. */
  | { type: 'expire_now' }
  | { type: 'cancel'; by: CancelledBy }
  | { type: 'accept_shortfall' }
  | { type: 'refund_requested' }
  | { type: 'refund_recorded' }
  | { type: 'settlement_failed'; reason: FailureReason };

export interface EmittedEvent {
  readonly name: PaymentEventName;
  readonly excessAmount?: bigint;
  readonly amountDue?: bigint;
  readonly cancelledBy?: CancelledBy;
  readonly failureReason?: FailureReason;
  /** The status the payment has right after this event's step (one decision may walk several). */
  readonly status?: PaymentStatus;
  /**
   * The decision's patch as it stood once this event's step was done (before the next step): with
   * `status`, what the payment was at this event, so `data.payment` shows it then, not at the end of
   * the decision. Undefined: the payment as the whole decision leaves it.
   */
  readonly patch?: PaymentPatch;
  /** payment.reverted: the status the payment moved back from. */
  readonly previousStatus?: PaymentStatus;
  /** payment.received_after_close: the transfer it reports (`TransferView.key`) and its amount. */
  readonly transferKey?: string;
  readonly transferAmount?: bigint;
}

export type Effect =
  | { readonly type: 'charge_fee' }
  | { readonly type: 'reverse_fee' }
  | { readonly type: 'schedule_timer'; readonly timer: 'window' | 'late_grace'; readonly at: Date }
  | { readonly type: 'cancel_timers' }
  /** Late grace over on an unpaid payment: its address may be recycled. */
  | { readonly type: 'release_deposit_target' }
  /**
   * Entering a closing status: exactly these transfers are `held` from now on (any other `held` mark is
   * cleared; `reported` marks stay).
   */
  | { readonly type: 'hold_transfers'; readonly keys: readonly string[] }
  /** The transfer was reported by payment.received_after_close (in this decision's events). */
  | { readonly type: 'mark_transfer_reported'; readonly key: string };

export interface PaymentPatch {
  revived?: boolean;
  overpaid?: boolean;
  feeCharged?: boolean;
  cancelledBy?: CancelledBy;
  failureReason?: FailureReason;
  /** Set on entering confirmed; null on leaving it (a reorg: the payment is no longer confirmed). */
  confirmedAt?: Date | null;
  expiresAt?: Date;
  lateGraceEndsAt?: Date;
  /** See LifecycleSnapshot.confirmedAmount; set on every entry into confirmed. */
  confirmedAmount?: bigint;
  /** See LifecycleSnapshot.receivedAtExpiry; set on every entry into expired / expired_underpaid. */
  receivedAtExpiry?: bigint;
}

/** One edge walked by a decision; always an edge of TRANSITIONS. */
export interface TransitionStep {
  readonly from: PaymentStatus;
  readonly to: PaymentStatus;
  readonly trigger: TransitionTrigger;
}

export type Decision =
  | {
      readonly ok: true;
      readonly status: PaymentStatus;
      readonly emitted: readonly EmittedEvent[];
      readonly patch: PaymentPatch;
      readonly effects: readonly Effect[];
      /** The edges walked, in order (empty when the status does not change). */
      readonly steps?: readonly TransitionStep[];
    }
  | {
      readonly ok: false;
      readonly code: 'PAYMENT_NOT_CANCELLABLE' | 'INVALID_PAYMENT_STATE';
      readonly message: string;
    };

export type OkDecision = Extract<Decision, { ok: true }>;
