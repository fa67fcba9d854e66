import type { PaymentStatus } from '@cairn/contract';

/**
 * The statuses of a payment stray money may be attached to: still taking money, where a transfer
 * counts as a top-up does (docs/lifecycle.md).
 */
export const ATTACHABLE_STATUSES: readonly PaymentStatus[] = [
  'awaiting_payment',
  'underpaid',
  'payment_detected',
  'confirming',
];
