import { formatUnits } from '@cairn/chain-core';

/** The coin facts the reading rule needs. */
export interface ReadableCoin {
  readonly symbol: string;
  readonly decimals: number;
}

/** An amount as the customer reads it, and the exact one behind it. */
export interface ReadableAmount {
  /** Rounded for reading, e.g. `0.003334` (stablecoins with two places, e.g. `10.50`). */
  readonly text: string;
  /** Exact whole coins, e.g. `0.003333333333333334` (what Copy, the QR code and the URI carry). */
  readonly exact: string;
  /** Whether `text` differs from `exact` (the page then marks it with `≈`). */
  readonly approximate: boolean;
}

/** Fiat-pegged tokens (USDC, USDT, USDC.e, EURC, ...): read like cash, with two places. */
const STABLECOIN = /^(USD|EUR)/;

/**
 * Decimal places a coin is shown with on the checkout: 2 for stablecoins, every place for coins with
 * 8 or fewer (BTC, LTC, DOGE 8, XLM 7, XRP and TRX 6), and 6 for finer coins (ETH, BNB, POL 18,
 * XMR 12, SOL 9), where the seventh place is worth less than a thousandth of a cent at today's prices.
 */
export function readingDecimals(coin: ReadableCoin): number {
  if (STABLECOIN.test(coin.symbol.toUpperCase())) return Math.min(2, coin.decimals);
  return coin.decimals <= 8 ? coin.decimals : 6;
}

/**
 * Formats an amount of smallest units for reading (bigint arithmetic only, never a JS number).
 *
 * `up` (for an amount to pay) rounds up, so a customer who types the amount they read is never short;
 * `nearest` (for amounts received or sent back) rounds half up. Stablecoins keep two places (`10.50`);
 * other coins drop trailing zeros (`0.05`).
 */
export function readableAmount(
  amount: bigint,
  coin: ReadableCoin,
  rounding: 'up' | 'nearest' = 'nearest',
): ReadableAmount {
  const exact = formatUnits(amount, coin.decimals);
  const places = readingDecimals(coin);
  const step = 10n ** BigInt(coin.decimals - places);
  const rest = amount % step;
  let scaled = amount / step;
  if (rest > 0n && (rounding === 'up' || rest * 2n >= step)) scaled += 1n;
  let text = formatUnits(scaled, places);
  if (STABLECOIN.test(coin.symbol.toUpperCase()) && places > 0) {
    const [whole, fraction = ''] = text.split('.');
    text = `${whole}.${fraction.padEnd(places, '0')}`;
  }
  return { text, exact, approximate: rest !== 0n };
}

/**
 * The amount for a sentence: the rounded text, with `≈` in front when it is not exact, in the number
 * format `format` writes (the customer's language; plain `0.05` by default).
 */
export function amountForReading(
  amount: bigint | string,
  coin: ReadableCoin,
  rounding: 'up' | 'nearest' = 'nearest',
  format: (decimal: string) => string = (decimal) => decimal,
): string {
  const readable = readableAmount(BigInt(amount), coin, rounding);
  return readable.approximate ? `≈${format(readable.text)}` : format(readable.text);
}
