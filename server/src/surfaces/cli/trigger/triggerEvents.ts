/** The events `cairn trigger` produces today, each through the gateway's own routes. */
export const TRIGGER_EVENTS = ['payment.awaiting', 'payment.cancelled', 'payment.expired'] as const;

export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

/** Events of the issue `cairn trigger` does not produce yet (they need a payment paid on the dev chain). */
export const PLANNED_TRIGGER_EVENTS = [
  'payment.detected',
  'payment.confirming',
  'payment.confirmed',
  'payment.underpaid',
  'payment.overpaid',
  'payment.refund_requested',
  'payment.refunded',
  'invoice.paid',
] as const;

export const isTriggerEvent = (name: string): name is TriggerEvent =>
  (TRIGGER_EVENTS as readonly string[]).includes(name);
