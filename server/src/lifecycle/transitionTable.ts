import type { PaymentEventName, PaymentStatus } from '@cairn/contract';

/** What causes one step. A decision for one event may walk steps with other triggers (see decide.ts). */
export type TransitionTrigger =
  | 'chain_selected'
  | 'transfers_changed'
  | 'window_closed'
  | 'cancel'
  | 'accept_shortfall'
  | 'refund_requested'
  | 'refund_recorded'
  | 'settlement_failed';

/** One allowed status change. `emits` is the event sent on entering `to` by this edge (null: silent). */
export interface Transition {
  readonly from: PaymentStatus;
  readonly to: PaymentStatus;
  readonly trigger: TransitionTrigger;
  readonly emits: PaymentEventName | null;
  /** `spec`: a row of SPEC.md's table; `design`: DESIGN.md section 4 or a lifecycle decision. */
  readonly source: 'spec' | 'design';
  readonly rule: string;
}

const edge = (
  from: PaymentStatus,
  to: PaymentStatus,
  trigger: TransitionTrigger,
  emits: PaymentEventName | null,
  source: Transition['source'],
  rule: string,
): Transition => ({ from, to, trigger, emits, source, rule });

/**
 * Every status change the lifecycle may make. `decide` walks only these edges (it throws on any
 * other), and the tests iterate over them. SPEC.md's "underpaid -> confirmed on a top-up" is walked as
 * underpaid -> payment_detected -> confirming -> confirmed (DESIGN.md section 4); the overpayment flag
 * is set on the confirming -> confirmed step, not by an edge of its own.
 */
export const TRANSITIONS: readonly Transition[] = [
  // SPEC.md, States and transitions
  edge('pending', 'awaiting_payment', 'chain_selected', 'payment.awaiting', 'spec', 'chain selected'),
  edge(
    'awaiting_payment',
    'payment_detected',
    'transfers_changed',
    'payment.detected',
    'spec',
    'transaction seen',
  ),
  edge(
    'payment_detected',
    'confirming',
    'transfers_changed',
    'payment.confirming',
    'spec',
    'transaction on-chain',
  ),
  edge(
    'confirming',
    'confirmed',
    'transfers_changed',
    'payment.confirmed',
    'spec',
    'confirmation rule satisfied',
  ),
  edge('pending', 'cancelled', 'cancel', 'payment.cancelled', 'spec', 'cancel before any transaction'),
  edge(
    'awaiting_payment',
    'cancelled',
    'cancel',
    'payment.cancelled',
    'spec',
    'cancel before any transaction',
  ),
  edge('pending', 'expired', 'window_closed', 'payment.expired', 'spec', 'window closes, no funds'),
  edge('awaiting_payment', 'expired', 'window_closed', 'payment.expired', 'spec', 'window closes, no funds'),
  edge(
    'payment_detected',
    'underpaid',
    'transfers_changed',
    'payment.underpaid',
    'spec',
    'short beyond tolerance',
  ),
  edge('confirming', 'underpaid', 'transfers_changed', 'payment.underpaid', 'spec', 'short beyond tolerance'),
  edge(
    'underpaid',
    'confirmed',
    'accept_shortfall',
    'payment.confirmed',
    'spec',
    'merchant accepts the shortfall',
  ),
  edge(
    'underpaid',
    'refund_requested',
    'refund_requested',
    'payment.refund_requested',
    'spec',
    'refund requested',
  ),
  edge(
    'refund_requested',
    'refunded',
    'refund_recorded',
    'payment.refunded',
    'spec',
    'merchant marks refunded',
  ),
  edge(
    'underpaid',
    'expired_underpaid',
    'window_closed',
    'payment.expired_underpaid',
    'spec',
    'window closes short',
  ),
  edge(
    'expired',
    'payment_detected',
    'transfers_changed',
    'payment.detected',
    'spec',
    'late revival, covered',
  ),
  edge(
    'expired_underpaid',
    'payment_detected',
    'transfers_changed',
    'payment.detected',
    'spec',
    'late revival, covered',
  ),
  edge('expired', 'underpaid', 'transfers_changed', 'payment.underpaid', 'spec', 'late revival, partial'),
  edge(
    'expired_underpaid',
    'underpaid',
    'transfers_changed',
    'payment.underpaid',
    'spec',
    'late revival, partial',
  ),
  edge(
    'confirming',
    'expired_reorged',
    'transfers_changed',
    'payment.expired_reorged',
    'spec',
    'reorg after window',
  ),
  edge(
    'confirmed',
    'expired_reorged',
    'transfers_changed',
    'payment.expired_reorged',
    'spec',
    'reorg after window',
  ),
  edge('confirmed', 'underpaid', 'transfers_changed', 'payment.underpaid', 'spec', 'reorg leaves it short'),
  // DESIGN.md section 4 and the lifecycle's own decisions
  edge('underpaid', 'payment_detected', 'transfers_changed', 'payment.detected', 'design', 'top-up covers'),
  edge(
    'awaiting_payment',
    'failed',
    'settlement_failed',
    'payment.failed',
    'design',
    'gasless, before broadcast',
  ),
  edge('payment_detected', 'failed', 'settlement_failed', 'payment.failed', 'design', 'gasless, reverted'),
  edge('confirming', 'failed', 'settlement_failed', 'payment.failed', 'design', 'gasless, reverted'),
  edge(
    'expired_underpaid',
    'refund_requested',
    'refund_requested',
    'payment.refund_requested',
    'design',
    'refund',
  ),
  edge('underpaid', 'refunded', 'refund_recorded', 'payment.refunded', 'design', 'refund recorded directly'),
  edge(
    'expired_underpaid',
    'refunded',
    'refund_recorded',
    'payment.refunded',
    'design',
    'refund recorded directly',
  ),
  edge(
    'payment_detected',
    'awaiting_payment',
    'transfers_changed',
    null,
    'design',
    'reorg before window, no funds',
  ),
  edge(
    'confirming',
    'awaiting_payment',
    'transfers_changed',
    null,
    'design',
    'reorg before window, no funds',
  ),
  edge('underpaid', 'awaiting_payment', 'transfers_changed', null, 'design', 'reorg before window, no funds'),
  edge('confirmed', 'awaiting_payment', 'transfers_changed', null, 'design', 'reorg before window, no funds'),
  edge(
    'confirming',
    'payment_detected',
    'transfers_changed',
    'payment.detected',
    'design',
    'back to mempool',
  ),
  edge('confirmed', 'payment_detected', 'transfers_changed', 'payment.detected', 'design', 'back to mempool'),
  edge(
    'confirmed',
    'confirming',
    'transfers_changed',
    'payment.confirming',
    'design',
    'reorg, covered, shallow',
  ),
];

/** The edge `from -> to` on `trigger`, if the table has it. */
export function findTransition(
  from: PaymentStatus,
  to: PaymentStatus,
  trigger: TransitionTrigger,
): Transition | undefined {
  return TRANSITIONS.find((t) => t.from === from && t.to === to && t.trigger === trigger);
}
