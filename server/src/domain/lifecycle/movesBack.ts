import type { PaymentStatus } from '@cairn/contract';
import type { TransferStatus } from './statusForTransfers.js';

/** How much of the payment's money the chain holds, by status: a move down this order is a move back. */
const MONEY_ORDER: Readonly<Record<TransferStatus, number>> = {
  awaiting_payment: 0,
  underpaid: 1,
  payment_detected: 2,
  confirming: 3,
  confirmed: 4,
};

/**
 * Whether the transfers putting a payment in `from` at `target` took money back (a reorg, or a
 * double-spend of a mempool transaction): `target` is lower in MONEY_ORDER. Only transfers leaving can
 * lower it (deeper or new transfers never do), so such a step is walked on the `reorg` trigger. A
 * partial first transfer (awaiting_payment -> payment_detected -> underpaid) goes up from
 * awaiting_payment and is not a move back, though it passes payment_detected on the way.
 */
export function movesBack(from: PaymentStatus, target: TransferStatus): boolean {
  const rank = (MONEY_ORDER as Partial<Record<PaymentStatus, number>>)[from];
  return rank !== undefined && MONEY_ORDER[target] < rank;
}
