/**
 * Whether `received` pays `locked` within the underpayment tolerance:
 * received * 10000 >= locked * (10000 - toleranceBps). Integer arithmetic only.
 */
export function isCovered(received: bigint, locked: bigint, toleranceBps: number): boolean {
  return received * 10_000n >= locked * (10_000n - BigInt(toleranceBps));
}
