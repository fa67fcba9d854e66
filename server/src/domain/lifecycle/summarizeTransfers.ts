import { isCovered } from './isCovered.js';
import type { LifecycleSnapshot } from './types.js';

/** The sums the lifecycle decides on. Only live (non-removed) transfers count. */
export interface TransferSummary {
  /** Sum of live transfers. */
  readonly received: bigint;
  /** Sum of live transfers that are in a block (confirmations >= 1). */
  readonly receivedInBlock: bigint;
  readonly liveCount: number;
  /** `received` pays the locked amount within tolerance (false before a chain is picked). */
  readonly covered: boolean;
  /** `receivedInBlock` pays the locked amount within tolerance. */
  readonly coveredInBlock: boolean;
  /** At least one live transfer, and every live one at the required depth. */
  readonly allAtDepth: boolean;
  /** Some live transfer is in a block. */
  readonly anyInBlock: boolean;
  /** Some transfer in the view is marked removed. */
  readonly anyRemoved: boolean;
}

export type SummaryInput = Pick<
  LifecycleSnapshot,
  'transfers' | 'lockedAmount' | 'underpaymentToleranceBps' | 'requiredConfirmations'
>;

/** Sums the current transfer view of a payment. */
export function summarizeTransfers(input: SummaryInput): TransferSummary {
  const depth = Math.max(1, input.requiredConfirmations);
  let received = 0n;
  let receivedInBlock = 0n;
  let liveCount = 0;
  let inBlock = 0;
  let atDepth = 0;
  let anyRemoved = false;
  for (const t of input.transfers) {
    if (t.removed) {
      anyRemoved = true;
      continue;
    }
    liveCount += 1;
    received += t.amount;
    if (t.confirmations >= 1) {
      inBlock += 1;
      receivedInBlock += t.amount;
    }
    if (t.confirmations >= depth) atDepth += 1;
  }
  const locked = input.lockedAmount;
  const tolerance = input.underpaymentToleranceBps;
  return {
    received,
    receivedInBlock,
    liveCount,
    covered: locked !== null && isCovered(received, locked, tolerance),
    coveredInBlock: locked !== null && isCovered(receivedInBlock, locked, tolerance),
    allAtDepth: liveCount > 0 && atDepth === liveCount,
    anyInBlock: inBlock > 0,
    anyRemoved,
  };
}
