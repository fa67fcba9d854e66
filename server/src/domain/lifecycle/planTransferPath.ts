import type { PaymentStatus } from '@cairn/contract';
import type { TransferStatus } from './statusForTransfers.js';

const PROGRESS: readonly PaymentStatus[] = ['payment_detected', 'confirming', 'confirmed'];

/**
 * The statuses a payment enters, in order, to go from `from` to `target` on a transfer observation.
 * Forward moves pass every intermediate status so each event is emitted in order (a chain without a
 * mempool, a deep first sighting, a covering top-up or late revival: detected, confirming, confirmed).
 * A partial first transfer is detected, then underpaid. Moves back (reorgs) are one step.
 */
export function planTransferPath(from: PaymentStatus, target: TransferStatus): PaymentStatus[] {
  if (from === target) return [];
  if (target === 'awaiting_payment') return [target];
  if (target === 'underpaid')
    return from === 'awaiting_payment' ? ['payment_detected', 'underpaid'] : [target];
  const fromRank = PROGRESS.indexOf(from);
  const targetRank = PROGRESS.indexOf(target);
  if (fromRank > targetRank) return [target];
  const path: PaymentStatus[] = fromRank === -1 ? ['payment_detected'] : [];
  for (let rank = Math.max(fromRank, 0) + 1; rank <= targetRank; rank += 1) path.push(PROGRESS[rank]!);
  return path;
}
