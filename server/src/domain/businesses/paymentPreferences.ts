import { bpsToPercent, percentToBps } from '../money/index.js';

/**
 * The bounds of a business's payment preferences, in basis points (1% = 100). The tolerance is what a
 * customer may pay short and still confirm; the threshold is the excess above which a confirmed
 * payment is flagged overpaid (payment.overpaid). Defaults (docs/limits.md): 0.5% and 1%.
 */
export const PAYMENT_PREFERENCE_BOUNDS = {
  underpaymentToleranceBps: { min: 0, max: 1_000, default: 50 },
  overpaymentThresholdBps: { min: 0, max: 10_000, default: 100 },
} as const;

/** A percentage as people type it (`0.5`, `1`, `2.25 %`) in basis points, or why it is refused. */
export function parsePercent(
  input: string | undefined,
  bounds: { readonly min: number; readonly max: number },
): { bps: number } | { error: string } {
  const text = (input ?? '').trim().replace(/\s*%$/, '');
  let bps: number;
  try {
    bps = percentToBps(text);
  } catch {
    return { error: 'Enter a percentage such as 0.5 (at most two decimals).' };
  }
  if (bps < bounds.min || bps > bounds.max)
    return { error: `Enter a value from ${formatPercent(bounds.min)} to ${formatPercent(bounds.max)}.` };
  return { bps };
}

/** Basis points as a percentage for people: 50 → `0.5%`, 100 → `1%`, 125 → `1.25%`. */
export function formatPercent(bps: number): string {
  return `${bpsToPercent(bps)}%`;
}
