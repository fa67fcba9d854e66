import { formatUnits, parseDecimal } from '@cairn/chain-core';

/**
 * Checks that `value` is a positive decimal rate string and returns it in canonical form
 * (no trailing zeros: `'64250.10000'` becomes `'64250.1'`), or `undefined` when it is not one.
 *
 * @example
 * ```ts
 * normalizeRate('64250.10000'); // '64250.1'
 * normalizeRate('0'); // undefined
 * normalizeRate(64250.1); // undefined: a JSON number is never accepted for money
 * ```
 */
export function normalizeRate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const { units, scale } = parseDecimal(value);
    return units > 0n ? formatUnits(units, scale) : undefined;
  } catch {
    return undefined;
  }
}
