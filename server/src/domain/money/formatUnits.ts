/**
 * Formats an integer amount of smallest units as a human decimal string, without trailing zeros.
 *
 * The inverse of {@link parseDecimal} (up to trailing zeros): for any `amount >= 0`,
 * `parseDecimal(formatUnits(amount, d))` denotes the same value. Negative amounts get a leading `-`.
 *
 * @param amount - Amount in the smallest unit (satoshi, wei, ...).
 * @param decimals - Decimal places of the smallest unit (a non-negative integer).
 * @throws RangeError when `decimals` is not a non-negative safe integer.
 * @example
 * ```ts
 * formatUnits(1_250_000n, 8); // '0.0125'
 * formatUnits(25_000_000n, 6); // '25'
 * formatUnits(1n, 18); // '0.000000000000000001'
 * ```
 */
export function formatUnits(amount: bigint, decimals: number): string {
  if (!Number.isSafeInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}
