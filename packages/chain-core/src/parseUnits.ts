import { checkDecimals } from './checkDecimals.js';
import { checkUnitBounds, type UnitBounds } from './checkUnitBounds.js';
import { formatUnits } from './formatUnits.js';
import { parseDecimal } from './parseDecimal.js';

/**
 * Parses a whole-coin decimal string (`0.015`) into the coin's smallest unit, exactly: no JS number
 * is involved. The inverse of {@link formatUnits}.
 *
 * Accepts {@link parseDecimal}'s grammar (no sign, exponent, whitespace, leading zeros or bare dot)
 * with at most `decimals` significant digits after the point: zeros past the last one change
 * nothing and are accepted (`parseUnits('1.50', 1)` is `15n`). The result must lie within `bounds`.
 *
 * @param text - The decimal string, in whole coins.
 * @param decimals - Decimal places of the smallest unit: an integer from 0 to 255.
 * @param bounds - Inclusive `min` (default `0n`) and `max` (default none) of the result, in smallest units.
 * @throws RangeError when `text` is not a plain decimal string, has more decimals than `decimals`, or
 *   is outside `bounds`, or when `decimals` is not an integer from 0 to 255.
 * @example
 * ```ts
 * parseUnits('0.015', 8); // 1_500_000n
 * parseUnits('25', 6); // 25_000_000n
 * parseUnits('1000000', 0, { max: MAX_DROPS }); // 1_000_000n
 * parseUnits('0.000000001', 8); // throws RangeError: "0.000000001" has more than 8 decimals
 * parseUnits('1.500', 2); // 150n: zeros past the last decimal change nothing
 * parseUnits('100000000000.000001', 6, { max: MAX_DROPS }); // throws RangeError: ... above the maximum, 100000000000
 * ```
 */
export function parseUnits(text: string, decimals: number, bounds: UnitBounds = {}): bigint {
  checkDecimals(decimals);
  const { units, scale } = parseDecimal(text);
  const what = JSON.stringify(text);
  let amount: bigint;
  if (scale > decimals) {
    // Zeros past the coin's last decimal change nothing ("0.10000000000" BTC is 0.1 BTC); any other
    // digit there is an amount the coin cannot carry.
    const excess = 10n ** BigInt(scale - decimals);
    if (units % excess !== 0n) throw new RangeError(`${what} has more than ${decimals} decimals`);
    amount = units / excess;
  } else amount = units * 10n ** BigInt(decimals - scale);
  // A bound below zero is named as it is: formatUnits refuses negative amounts.
  checkUnitBounds(amount, bounds, what, (bound) =>
    bound < 0n ? String(bound) : formatUnits(bound, decimals),
  );
  return amount;
}
