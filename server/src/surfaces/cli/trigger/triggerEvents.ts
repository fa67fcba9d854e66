/** Every event `cairn trigger` produces, each through the gateway's own routes (docs/operating/cli.md). */
export const TRIGGER_EVENTS = [
  'payment.awaiting',
  'payment.detected',
  'payment.confirming',
  'payment.confirmed',
  'payment.underpaid',
  'payment.overpaid',
  'payment.cancelled',
  'payment.expired',
  'payment.refund_requested',
  'payment.refunded',
  'invoice.paid',
] as const;

export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

/** The events a trigger produces by paying on the local dev chain with its test wallet. */
export const PAYING_TRIGGER_EVENTS: ReadonlySet<TriggerEvent> = new Set([
  'payment.detected',
  'payment.confirming',
  'payment.confirmed',
  'payment.underpaid',
  'payment.overpaid',
  'payment.refund_requested',
  'payment.refunded',
  'invoice.paid',
]);

/** How the test wallet pays for a paying event: the amount due, half of it, or 10 % more. */
export type PaymentSize = 'exact' | 'short' | 'over';

/**
 * What a paying trigger does: how much the test wallet pays, the event to wait for after the payment
 * (the refund events wait for payment.underpaid, then the customer and the merchant act), and whether
 * it pays an invoice's payment.
 */
export interface PayingPlan {
  readonly size: PaymentSize;
  readonly waitFor: string;
  readonly invoice: boolean;
}

/** The plan of a paying event (see {@link PAYING_TRIGGER_EVENTS}). */
export function payingPlanOf(event: TriggerEvent): PayingPlan {
  switch (event) {
    case 'payment.underpaid':
    case 'payment.refund_requested':
    case 'payment.refunded':
      return { size: 'short', waitFor: 'payment.underpaid', invoice: false };
    case 'payment.overpaid':
      return { size: 'over', waitFor: 'payment.overpaid', invoice: false };
    case 'invoice.paid':
      return { size: 'exact', waitFor: 'invoice.paid', invoice: true };
    default:
      return { size: 'exact', waitFor: event, invoice: false };
  }
}

/** What the test wallet sends: exact, half (short), or 10 % more (beyond the 1 % overpayment threshold). */
export function amountFor(size: PaymentSize, due: bigint): bigint {
  if (size === 'short') return due / 2n;
  if (size === 'over') return due + due / 10n;
  return due;
}

export const isTriggerEvent = (name: string): name is TriggerEvent =>
  (TRIGGER_EVENTS as readonly string[]).includes(name);
