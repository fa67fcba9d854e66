import type { PaymentEventName, PaymentStatus } from '@cairn/contract';

/** What causes one step. A decision for one event may walk steps with other triggers (see decide.ts). */
export type TransitionTrigger =
  | 'chain_selected'
  | 'transfers_changed'
  | 'reorg'
  | 'window_closed'
  | 'cancel'
  | 'accept_shortfall'
  | 'refund_requested'
  | 'refund_recorded'
  | 'settlement_failed';

/** One allowed status change. `emits`: the events sent, in order, on entering `to` by this edge. */
export interface Transition {
  readonly from: PaymentStatus;
  readonly to: PaymentStatus;
  readonly trigger: TransitionTrigger;
  readonly emits: readonly PaymentEventName[];
  /** `spec`: a row of the product's table; `design`: a decision where it is silent (docs/lifecycle.md). */
  readonly source: 'spec' | 'design';
  readonly rule: string;
}

/** The event announcing each status (pending has none: creation sends no webhook). */
export const ENTRY_EVENT: Readonly<Record<PaymentStatus, PaymentEventName | null>> = {
  pending: null,
  awaiting_payment: 'payment.awaiting',
  payment_detected: 'payment.detected',
  confirming: 'payment.confirming',
  confirmed: 'payment.confirmed',
  underpaid: 'payment.underpaid',
  refund_requested: 'payment.refund_requested',
  refunded: 'payment.refunded',
  expired: 'payment.expired',
  expired_underpaid: 'payment.expired_underpaid',
  expired_reorged: 'payment.expired_reorged',
  cancelled: 'payment.cancelled',
  failed: 'payment.failed',
};

/** The event that announces `to`, as a list (none for pending). */
const entry = (to: PaymentStatus): PaymentEventName[] => {
  const event = ENTRY_EVENT[to];
  return event === null ? [] : [event];
};

type Row = (from: PaymentStatus, to: PaymentStatus, trigger: TransitionTrigger, rule: string) => Transition;
const spec: Row = (from, to, trigger, rule) => ({
  from,
  to,
  trigger,
  emits: entry(to),
  source: 'spec',
  rule,
});
const design: Row = (from, to, trigger, rule) => ({
  from,
  to,
  trigger,
  emits: entry(to),
  source: 'design',
  rule,
});

/**
 * A move back on a reorg before the window closes: payment.reverted (with the status left), then the
 * event of the status entered, except payment.awaiting, which means "a chain was picked", not "the
 * money went back".
 */
const back = (
  from: PaymentStatus,
  to: PaymentStatus,
  source: Transition['source'],
  rule: string,
): Transition => ({
  from,
  to,
  trigger: 'reorg',
  emits: ['payment.reverted', ...(to === 'awaiting_payment' ? [] : entry(to))],
  source,
  rule,
});

/**
 * Every status change the lifecycle may make. `decide` walks only these edges (it throws on any
 * other), and the tests iterate over them. The product's "underpaid -> confirmed on a top-up" is
 * walked as underpaid -> payment_detected -> confirming -> confirmed (docs/lifecycle.md); the
 * overpayment flag and payment.overpaid ride on entering confirmed, not on an edge of their own.
 */
export const TRANSITIONS: readonly Transition[] = [
  // The product's rows (docs/lifecycle.md, "Transitions")
  spec('pending', 'awaiting_payment', 'chain_selected', 'chain selected on the checkout or by API'),
  spec('awaiting_payment', 'payment_detected', 'transfers_changed', 'transaction seen (mempool or block)'),
  spec('payment_detected', 'confirming', 'transfers_changed', 'transaction on-chain'),
  spec('confirming', 'confirmed', 'transfers_changed', 'required depth, fully paid within tolerance'),
  spec('pending', 'cancelled', 'cancel', 'cancel before any on-chain transaction'),
  spec('awaiting_payment', 'cancelled', 'cancel', 'cancel before any on-chain transaction'),
  spec('pending', 'expired', 'window_closed', 'window closes with no funds'),
  spec('awaiting_payment', 'expired', 'window_closed', 'window closes with no funds'),
  spec(
    'payment_detected',
    'underpaid',
    'transfers_changed',
    'short beyond tolerance (a partial first transfer)',
  ),
  back('payment_detected', 'underpaid', 'spec', 'short beyond tolerance: a covering transaction was dropped'),
  back(
    'confirming',
    'underpaid',
    'spec',
    'short beyond tolerance: a contributing transaction left the chain',
  ),
  spec('underpaid', 'confirmed', 'accept_shortfall', 'merchant accepts the shortfall'),
  spec('underpaid', 'refund_requested', 'refund_requested', 'customer requests a refund'),
  spec('refund_requested', 'refunded', 'refund_recorded', 'merchant marks refunded'),
  spec('underpaid', 'expired_underpaid', 'window_closed', 'window closes still short'),
  spec('expired', 'payment_detected', 'transfers_changed', 'late revival, fully covered'),
  spec('expired_underpaid', 'payment_detected', 'transfers_changed', 'late revival, fully covered'),
  spec('expired', 'underpaid', 'transfers_changed', 'late revival, partial'),
  spec('expired_underpaid', 'underpaid', 'transfers_changed', 'late revival, partial'),
  spec('confirming', 'expired_reorged', 'reorg', 'reorg after the window closed'),
  spec('confirmed', 'expired_reorged', 'reorg', 'reorg after the window closed'),
  back('confirmed', 'underpaid', 'spec', 'reorg of a contributing transaction'),
  // Decisions where the product's rows are silent (docs/lifecycle.md)
  design('underpaid', 'payment_detected', 'transfers_changed', 'a top-up covers'),
  design('awaiting_payment', 'failed', 'settlement_failed', 'gasless: aborted before broadcast'),
  design('payment_detected', 'failed', 'settlement_failed', 'gasless: broadcast then reverted'),
  design('confirming', 'failed', 'settlement_failed', 'gasless: broadcast then reverted'),
  design('expired_underpaid', 'refund_requested', 'refund_requested', 'refund path from expired_underpaid'),
  design('underpaid', 'refunded', 'refund_recorded', 'refund recorded without a request'),
  design('expired_underpaid', 'refunded', 'refund_recorded', 'refund recorded without a request'),
  back('confirming', 'payment_detected', 'design', 'reorg: covered only with the mempool'),
  back('confirmed', 'payment_detected', 'design', 'reorg before the window: mempool only'),
  back('payment_detected', 'awaiting_payment', 'design', 'reorg or double-spend: no funds left'),
  back('confirming', 'awaiting_payment', 'design', 'reorg before the window: no funds left'),
  back('underpaid', 'awaiting_payment', 'design', 'reorg or double-spend: no funds left'),
  back('confirmed', 'awaiting_payment', 'design', 'reorg before the window: no funds left'),
];

/** The edge `from -> to` on `trigger`, if the table has it. */
export function findTransition(
  from: PaymentStatus,
  to: PaymentStatus,
  trigger: TransitionTrigger,
): Transition | undefined {
  return TRANSITIONS.find((t) => t.from === from && t.to === to && t.trigger === trigger);
}
