import type { CancelledBy, FailureReason, PaymentEventName, PaymentStatus } from '@cairn/contract';
import { CLOSING_STATUSES } from './closedToFunds.js';
import { exceedsOverpaymentThreshold } from './exceedsOverpaymentThreshold.js';
import type { TransferSummary } from './summarizeTransfers.js';
import { findTransition, type TransitionTrigger } from './transitionTable.js';
import type {
  Effect,
  EmittedEvent,
  LifecycleSnapshot,
  OkDecision,
  PaymentPatch,
  TransitionStep,
} from './types.js';

/** Extra data a step may need for its event. */
export interface StepDetails {
  readonly cancelledBy?: CancelledBy;
  readonly failureReason?: FailureReason;
}

/**
 * Builds one decision step by step. Every step must be an edge of TRANSITIONS (anything else is a bug
 * in this module and throws); the edge names the event. Entering and leaving a status carries the
 * bookkeeping that belongs to it, so no handler can forget it:
 * - entering confirmed: payment.confirmed, then payment.overpaid beyond the threshold; overpaid,
 *   confirmedAt, confirmedAmount; charge_fee unless the fee is already charged; cancel_timers.
 * - leaving confirmed: reverse_fee (and feeCharged false) if charged; overpaid false.
 * - entering expired / expired_underpaid: receivedAtExpiry; the late_grace timer.
 * - entering cancelled / refunded / failed: cancel_timers.
 * - entering a closing status (CLOSING_STATUSES): hold_transfers with the transfers live then (none on
 *   expired_reorged), when that changes the held set.
 */
export class DecisionDraft {
  status: PaymentStatus;
  readonly steps: TransitionStep[] = [];
  readonly emitted: EmittedEvent[] = [];
  readonly patch: PaymentPatch = {};
  readonly effects: Effect[] = [];
  /** How many of `emitted` already carry their patch (see sealEvents). */
  private sealed = 0;

  constructor(
    readonly snapshot: LifecycleSnapshot,
    readonly now: Date,
    readonly summary: TransferSummary,
  ) {
    this.status = snapshot.status;
  }

  enter(to: PaymentStatus, trigger: TransitionTrigger, details: StepDetails = {}): this {
    const from = this.status;
    const transition = findTransition(from, to, trigger);
    if (transition === undefined) {
      throw new Error(`lifecycle: no transition ${from} -> ${to} on ${trigger} in the table`);
    }
    this.sealEvents();
    if (from === 'confirmed') this.leaveConfirmed();
    this.steps.push({ from, to, trigger });
    this.status = to;
    for (const name of transition.emits) this.emit(name, { ...details, from });
    if (to === 'confirmed') this.enterConfirmed();
    if (to === 'expired' || to === 'expired_underpaid') {
      this.patch.receivedAtExpiry = this.summary.received;
      this.effect({ type: 'schedule_timer', timer: 'late_grace', at: this.snapshot.lateGraceEndsAt });
    }
    if (to === 'cancelled' || to === 'refunded' || to === 'failed') this.effect({ type: 'cancel_timers' });
    if (CLOSING_STATUSES.has(to)) this.holdTransfers(to);
    return this;
  }

  effect(effect: Effect): this {
    const repeated = effect.type === 'cancel_timers' && this.effects.some((e) => e.type === 'cancel_timers');
    if (!repeated) this.effects.push(effect);
    return this;
  }

  finish(): OkDecision {
    this.sealEvents();
    return {
      ok: true,
      status: this.status,
      emitted: this.emitted,
      patch: this.patch,
      effects: this.effects,
      steps: this.steps,
    };
  }

  private get feeCharged(): boolean {
    return this.patch.feeCharged ?? this.snapshot.feeCharged;
  }

  /**
   * Gives the events of the step just done the patch as it stands now (`EmittedEvent.patch`): called
   * when the next step starts and at the end, so a step's bookkeeping (confirmedAt, the chain pick's
   * new deadline) shows in its own events and a later step's does not.
   */
  private sealEvents(): void {
    const patch = { ...this.patch };
    for (let i = this.sealed; i < this.emitted.length; i += 1)
      this.emitted[i] = { ...this.emitted[i]!, patch };
    this.sealed = this.emitted.length;
  }

  private emit(name: PaymentEventName, details: StepDetails & { readonly from: PaymentStatus }): void {
    const event: { -readonly [K in keyof EmittedEvent]: EmittedEvent[K] } = { name, status: this.status };
    if (name === 'payment.reverted') event.previousStatus = details.from;
    const locked = this.snapshot.lockedAmount;
    if (name === 'payment.underpaid' && locked !== null) event.amountDue = locked - this.summary.received;
    if (name === 'payment.cancelled') event.cancelledBy = details.cancelledBy;
    if (name === 'payment.failed') event.failureReason = details.failureReason;
    this.emitted.push(event);
  }

  private enterConfirmed(): void {
    const { received } = this.summary;
    const locked = this.snapshot.lockedAmount ?? received;
    const overpaid = exceedsOverpaymentThreshold(received, locked, this.snapshot.overpaymentThresholdBps);
    if (overpaid) {
      this.emitted.push({ name: 'payment.overpaid', excessAmount: received - locked, status: 'confirmed' });
    }
    this.patch.overpaid = overpaid;
    this.patch.confirmedAt = this.now;
    this.patch.confirmedAmount = received;
    if (!this.feeCharged) {
      this.effect({ type: 'charge_fee' });
      this.patch.feeCharged = true;
    }
    this.effect({ type: 'cancel_timers' });
  }

  /**
   * The transfers a closing status accounts for: those live when it is entered, except on
   * expired_reorged (its funds just left the chain, so whatever lands later, the same transaction mined
   * again included, is money after the close). Reported transfers keep their mark. A later closing
   * step of the same decision replaces an earlier one's effect.
   */
  private holdTransfers(to: PaymentStatus): void {
    const transfers = this.snapshot.transfers;
    const keys =
      to === 'expired_reorged'
        ? []
        : transfers.filter((t) => !t.removed && t.closing !== 'reported').map((t) => t.key);
    const heldNow = transfers.filter((t) => t.closing === 'held').map((t) => t.key);
    const earlier = this.effects.findIndex((e) => e.type === 'hold_transfers');
    if (earlier !== -1) this.effects.splice(earlier, 1);
    const same = keys.length === heldNow.length && keys.every((key) => heldNow.includes(key));
    if (!same) this.effect({ type: 'hold_transfers', keys });
  }

  /** Leaving confirmed is always a reorg: the payment is not confirmed any more, nor overpaid. */
  private leaveConfirmed(): void {
    this.patch.confirmedAt = null;
    if (this.feeCharged) {
      this.effect({ type: 'reverse_fee' });
      this.patch.feeCharged = false;
    }
    if (this.patch.overpaid ?? this.snapshot.overpaid) this.patch.overpaid = false;
  }
}
