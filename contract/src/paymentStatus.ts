/** Every payment status string, in the order of docs/lifecycle.md, "Statuses". */
export const PAYMENT_STATUSES = [
  'pending',
  'awaiting_payment',
  'payment_detected',
  'confirming',
  'confirmed',
  'underpaid',
  'refund_requested',
  'refunded',
  'expired',
  'expired_underpaid',
  'expired_reorged',
  'cancelled',
  'failed',
] as const;

/** A payment status as the API and webhooks spell it. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses a payment never leaves (docs/lifecycle.md, "Terminal states"). */
export const TERMINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'confirmed',
  'failed',
  'cancelled',
  'refunded',
  'expired_reorged',
];

/** Dashboard labels, one-to-one with the status strings. */
export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  pending: 'Pending',
  awaiting_payment: 'Awaiting payment',
  payment_detected: 'Payment detected',
  confirming: 'Confirming',
  confirmed: 'Confirmed',
  underpaid: 'Underpaid',
  refund_requested: 'Refund requested',
  refunded: 'Refunded',
  expired: 'Expired',
  expired_underpaid: 'Expired (underpaid)',
  expired_reorged: 'Expired (reorg)',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** Why gasless settlement failed (payment.failed). */
export const FAILURE_REASONS = ['insufficient_balance', 'estimate_revert', 'settlement_reverted'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Who cancelled a payment (payment.cancelled). */
export const CANCELLED_BY = ['customer', 'merchant'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];
