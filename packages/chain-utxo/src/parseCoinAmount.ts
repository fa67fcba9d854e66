/**
 * Parses a decimal coin amount as a node prints it (`1.50000000`, `0.0001`, `12`) into smallest units,
 * exactly: no floating point on the way. Rejects more decimals than the coin has, signs, exponents and
 * anything else.
 *
 * @example
 * parseCoinAmount('48.49998560', 8); // 4849998560n
 */
export function parseCoinAmount(text: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`"${text}" is not a non-negative decimal amount`);
  const fraction = match[2] ?? '';
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) {
    throw new RangeError(`"${text}" has more than ${decimals} decimals`);
  }
  return BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(significant.padEnd(decimals, '0') || '0');
}
