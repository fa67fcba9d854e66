/**
 * Inclusive bounds on an amount in a coin's smallest unit, such as `{ max: MAX_DROPS }` for XRP or
 * `{ min: 1n }` for a payment that cannot be empty. `min` defaults to `0n`; an amount is never
 * negative, whatever `min` says.
 */
export interface UnitBounds {
  /** The smallest amount accepted (inclusive); `0n` when absent. */
  readonly min?: bigint;
  /** The largest amount accepted (inclusive); no limit when absent. */
  readonly max?: bigint;
}

/**
 * Checks `amount` (smallest units) against `bounds`, naming it in the message as `what` and each
 * bound through `show` (so that a parser can name them in whole coins).
 *
 * @throws RangeError when `amount` is negative, below `bounds.min` or above `bounds.max`.
 * @example
 * ```ts
 * checkUnitBounds(5n, { max: 4n }, 'amount 5', String); // throws RangeError: amount 5 is above the maximum, 4
 * ```
 */
export function checkUnitBounds(
  amount: bigint,
  bounds: UnitBounds,
  what: string,
  show: (bound: bigint) => string,
): void {
  if (amount < 0n) throw new RangeError(`${what} is negative`);
  const { min = 0n, max } = bounds;
  if (amount < min) throw new RangeError(`${what} is below the minimum, ${show(min)}`);
  if (max !== undefined && amount > max) throw new RangeError(`${what} is above the maximum, ${show(max)}`);
}
