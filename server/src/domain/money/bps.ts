/** One whole in basis points: 10 000 bps = 100 %. */
export const BPS_PER_WHOLE = 10_000;

const PERCENT_PATTERN = /^(0|[1-9][0-9]*)(?:\.([0-9]{1,2}))?$/;

/**
 * Takes `bps` basis points of `amount`, rounded down (towards negative infinity): `floor(amount * bps / 10000)`.
 *
 * @param amount - An integer amount, usually in a coin's smallest unit.
 * @param bps - Basis points, a non-negative integer (50 = 0.5 %; more than 10 000 is allowed).
 * @throws RangeError when `bps` is not a non-negative safe integer.
 * @example
 * ```ts
 * applyBps(41_667n, 50); // 208n: 0.5 % of 41 667 sat, rounded down
 * ```
 */
export function applyBps(amount: bigint, bps: number): bigint {
  assertBps(bps);
  const product = amount * BigInt(bps);
  const divisor = BigInt(BPS_PER_WHOLE);
  const quotient = product / divisor;
  return product % divisor !== 0n && product < 0n ? quotient - 1n : quotient;
}

/**
 * Parses a percentage string from settings into integer basis points, exactly.
 *
 * Accepts a non-negative decimal with at most two decimal places (`'0.5'`, `'1'`, `'0.25'`, `'100'`);
 * rejects signs, `%`, exponents, whitespace, leading zeros and finer precision than one basis point.
 *
 * @throws RangeError when `text` is not such a percentage.
 * @example
 * ```ts
 * percentToBps('0.5'); // 50
 * percentToBps('1'); // 100
 * percentToBps('0.125'); // throws RangeError: more than 2 decimals
 * ```
 */
export function percentToBps(text: string): number {
  const match = typeof text === 'string' && text.length <= 20 ? PERCENT_PATTERN.exec(text) : null;
  if (match === null) {
    throw new RangeError(
      `Not a percentage with at most 2 decimals: ${typeof text === 'string' ? JSON.stringify(text.slice(0, 40)) : typeof text}`,
    );
  }
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(bps)) throw new RangeError(`Percentage too large: ${JSON.stringify(text)}`);
  return bps;
}

/**
 * Formats integer basis points as a percentage string without trailing zeros; the inverse of
 * {@link percentToBps}.
 *
 * @throws RangeError when `bps` is not a non-negative safe integer.
 * @example
 * ```ts
 * bpsToPercent(50); // '0.5'
 * bpsToPercent(100); // '1'
 * ```
 */
export function bpsToPercent(bps: number): string {
  assertBps(bps);
  const whole = Math.floor(bps / 100);
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

function assertBps(bps: number): void {
  if (!Number.isSafeInteger(bps) || bps < 0) {
    throw new RangeError(`bps must be a non-negative integer, got ${bps}`);
  }
}
