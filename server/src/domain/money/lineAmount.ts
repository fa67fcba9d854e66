import { parseDecimal } from '@cairn/chain-core';

/**
 * `quantity × unitPrice` in the currency's minor units (cents for EUR, yen for JPY), rounded half-up
 * (away from zero: both are non-negative). Exact: bigint fixed point, no JS number.
 *
 * @example
 * ```ts
 * lineAmountMinor('3', '19.99', 2); // 5997n (59.97)
 * lineAmountMinor('1.5', '0.05', 2); // 8n (0.075 rounds to 0.08)
 * ```
 */
export function lineAmountMinor(quantity: string, unitPrice: string, minorUnits: number): bigint {
  const q = parseDecimal(quantity);
  const p = parseDecimal(unitPrice);
  const scale = q.scale + p.scale;
  const product = q.units * p.units;
  if (scale <= minorUnits) return product * 10n ** BigInt(minorUnits - scale);
  const divisor = 10n ** BigInt(scale - minorUnits);
  const whole = product / divisor;
  return product % divisor >= divisor / 2n ? whole + 1n : whole;
}

/** Minor units as a fixed-decimal string with exactly `minorUnits` decimals: `5997n, 2` is `59.97`. */
export function formatMinor(amount: bigint, minorUnits: number): string {
  if (minorUnits === 0) return amount.toString();
  const digits = amount.toString().padStart(minorUnits + 1, '0');
  return `${digits.slice(0, -minorUnits)}.${digits.slice(-minorUnits)}`;
}
