import { checkDecimals } from './checkDecimals.js';
import { checkUnitBounds, type UnitBounds } from './checkUnitBounds.js';

/**
 * Formats an integer amount of smallest units as a human decimal string, without trailing zeros.
 *
 * Exact (bigint arithmetic only, never a JS number) and canonical: digits, a `.` only when there is a
 * fraction, one `0` before the `.` below 1, no trailing zeros, never an exponent, so the text matches
 * `^(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$`. The inverse of {@link parseUnits}: for every amount within
 * `bounds`, `parseUnits(formatUnits(amount, d, bounds), d, bounds) === amount`.
 *
 * @param amount - Amount in the smallest unit (satoshi, wei, drops, piconero, stroops, ...).
 * @param decimals - Decimal places of the smallest unit: an integer from 0 to 255.
 * @param bounds - Inclusive `min` (default `0n`) and `max` (default none) of `amount`, in smallest units.
 * @throws RangeError when `amount` is not a bigint, is negative or outside `bounds`, or when
 *   `decimals` is not an integer from 0 to 255.
 * @example
 * ```ts
 * formatUnits(1_250_000n, 8); // '0.0125'
 * formatUnits(25_000_000n, 6); // '25'
 * formatUnits(1n, 18); // '0.000000000000000001'
 * formatUnits(MAX_DROPS, 6, { max: MAX_DROPS }); // '100000000000'
 * formatUnits(MAX_DROPS + 1n, 6, { max: MAX_DROPS }); // throws RangeError: ... above the maximum ...
 * formatUnits(-1n, 8); // throws RangeError: amount -1 is negative
 * ```
 */
export function formatUnits(amount: bigint, decimals: number, bounds: UnitBounds = {}): string {
  checkDecimals(decimals);
  if (typeof amount !== 'bigint') {
    throw new RangeError(`amount must be a bigint, got ${typeof amount} ${String(amount)}`);
  }
  checkUnitBounds(amount, bounds, `amount ${amount}`, String);
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
