/**
 * Every event name Cairn delivers: 15 payment events (thirteen, then `payment.received_after_close`:
 * funds that reached a payment's address after it closed, and `payment.reverted`: a reorg or a
 * double-spend took counted money back before the window closed), then 5 invoice events, then the 2
 * stray-funds events (money that reached the merchant without counting toward a payment; resolved).
 *
 * @example
 * ```ts
 * import { WEBHOOK_EVENT_NAMES } from '@cairn/webhook-verifier';
 *
 * const isKnown = (name: string) => (WEBHOOK_EVENT_NAMES as readonly string[]).includes(name);
 * console.log(isKnown('payment.confirmed')); // true
 * ```
 */
export const WEBHOOK_EVENT_NAMES = [
  'payment.awaiting',
  'payment.detected',
  'payment.confirming',
  'payment.confirmed',
  'payment.overpaid',
  'payment.underpaid',
  'payment.refund_requested',
  'payment.refunded',
  'payment.cancelled',
  'payment.expired',
  'payment.expired_underpaid',
  'payment.expired_reorged',
  'payment.failed',
  'payment.received_after_close',
  'payment.reverted',
  'invoice.sent',
  'invoice.viewed',
  'invoice.paid',
  'invoice.refunded',
  'invoice.reminder',
  'stray_funds.found',
  'stray_funds.resolved',
] as const;

/** One of the event names in {@link WEBHOOK_EVENT_NAMES}. */
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];
