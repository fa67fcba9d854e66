/**
 * Formats an amount in a coin's smallest unit as a plain decimal string without trailing zeros
 * (`150000000n`, 8 decimals -> `1.5`). Integer arithmetic only, never a JS float.
 */
export function formatDecimalAmount(amount: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`invalid decimals: ${decimals}`);
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}
