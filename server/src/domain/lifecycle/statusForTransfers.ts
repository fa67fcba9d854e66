import type { TransferSummary } from './summarizeTransfers.js';

/** The statuses the transfers alone can put an open payment in. */
export type TransferStatus =
  | 'awaiting_payment'
  | 'payment_detected'
  | 'confirming'
  | 'confirmed'
  | 'underpaid';

/**
 * Where the live transfers put an open payment (docs/lifecycle.md): none -> awaiting_payment;
 * short beyond tolerance -> underpaid; covered and every live transfer at depth -> confirmed;
 * covered by the transfers already in a block -> confirming (on-chain, waiting for depth); covered only
 * with help from the mempool -> payment_detected (a partial payment in a block plus a covering top-up
 * in the mempool is not yet "on-chain").
 */
export function statusForTransfers(summary: TransferSummary): TransferStatus {
  if (summary.liveCount === 0) return 'awaiting_payment';
  if (!summary.covered) return 'underpaid';
  if (summary.allAtDepth) return 'confirmed';
  return summary.coveredInBlock ? 'confirming' : 'payment_detected';
}
