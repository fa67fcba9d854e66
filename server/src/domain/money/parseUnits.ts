import { parseDecimal } from './parseDecimal.js';

/**
 * Parses a whole-coin decimal string (`0.015`) into the coin's smallest unit; the inverse of
 * `formatUnits`. Exact: no JS number is involved.
 *
 * @throws RangeError when `text` is not a plain decimal string, or has more decimals than the coin.
 * @example
 * ```ts
 * parseUnits('0.015', 8); // 1_500_000n
 * parseUnits('25', 6); // 25_000_000n
 * parseUnits('0.000000001', 8); // throws RangeError: more than 8 decimals
 * ```
 */
export function parseUnits(text: string, decimals: number): bigint {
  const { units, scale } = parseDecimal(text);
  if (scale > decimals) {
    const trimmed = text.replace(/0+$/, '');
    const significant = trimmed.length - trimmed.indexOf('.') - 1;
    if (!trimmed.includes('.') || significant > decimals)
      throw new RangeError(`More than ${decimals} decimals: ${JSON.stringify(text.slice(0, 40))}`);
    return units / 10n ** BigInt(scale - decimals);
  }
  return units * 10n ** BigInt(decimals - scale);
}
