/** The events `cairn trigger` produces today, each through the gateway's own routes. */
export const TRIGGER_EVENTS = [
  'payment.awaiting',
  'payment.cancelled',
  'payment.expired',
  'payment.confirmed',
  'payment.underpaid',
  'payment.overpaid',
] as const;

export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

/** The events a trigger produces by paying on the local dev chain with its test wallet. */
export const PAYING_TRIGGER_EVENTS: ReadonlySet<TriggerEvent> = new Set([
  'payment.confirmed',
  'payment.underpaid',
  'payment.overpaid',
]);

/**
 * Events of the issue `cairn trigger` does not produce on their own yet (payment.detected and
 * payment.confirming come along with payment.confirmed, which walks through them).
 */
export const PLANNED_TRIGGER_EVENTS = [
  'payment.detected',
  'payment.confirming',
  'payment.refund_requested',
  'payment.refunded',
  'invoice.paid',
] as const;

export const isTriggerEvent = (name: string): name is TriggerEvent =>
  (TRIGGER_EVENTS as readonly string[]).includes(name);
