/**
 * The most decimal places an amount may have: a token's decimals are one byte on EVM chains and
 * Solana (the most Cairn carries is 18), and a rate string may carry many more than a coin.
 */
export const MAX_DECIMALS = 255;

/**
 * Checks that `decimals`, the decimal places of a coin's smallest unit, is an integer from 0 to
 * {@link MAX_DECIMALS}, so that `10n ** decimals` stays cheap.
 *
 * @throws RangeError otherwise.
 * @example
 * ```ts
 * checkDecimals(8); // returns
 * checkDecimals(-1); // throws RangeError: decimals must be an integer from 0 to 255, got -1
 * ```
 */
export function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${decimals}`);
  }
}
