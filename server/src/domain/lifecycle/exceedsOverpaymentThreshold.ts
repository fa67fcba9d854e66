/**
 * Whether `received` overpays `locked` by more than the threshold:
 * (received - locked) * 10000 > locked * thresholdBps. Below or at the threshold a payment confirms silently.
 */
export function exceedsOverpaymentThreshold(received: bigint, locked: bigint, thresholdBps: number): boolean {
  return (received - locked) * 10_000n > locked * BigInt(thresholdBps);
}
