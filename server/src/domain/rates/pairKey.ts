/**
 * The map key of a coin/fiat pair: `COIN/FIAT` in upper case, e.g. `BTC/EUR`.
 *
 * @example
 * ```ts
 * pairKey('btc', 'eur'); // 'BTC/EUR'
 * ```
 */
export function pairKey(coin: string, fiat: string): string {
  return `${coin.toUpperCase()}/${fiat.toUpperCase()}`;
}
