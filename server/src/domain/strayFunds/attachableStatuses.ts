import type { PaymentStatus, StrayFundsKind } from '@cairn/contract';

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

/**
 * The kinds of stray money that may be attached: transfers that landed in the merchant's own account.
 * Another coin sits on another payment's forwarder; a Check, an Escrow, a claimable balance or a locked
 * transfer is not received until the merchant acts on it.
 */
export const ATTACHABLE_KINDS: readonly StrayFundsKind[] = [
  'missing_tag',
  'missing_memo',
  'missing_reference',
];
