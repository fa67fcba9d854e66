import { type FetchFunction, fetchJson } from './fetchJson.js';
import { isRecord } from './isRecord.js';
import { normalizeRate } from './normalizeRate.js';
import type { Clock, RateQuote, RateSource } from './RateSource.js';
import { RateSourceError } from './RateSourceError.js';

/** Registry symbols that Kraken spells differently. */
export const KRAKEN_SYMBOLS: Readonly<Record<string, string>> = Object.freeze({ BTC: 'XBT', DOGE: 'XDG' });

/** Options of {@link KrakenRateSource}. */
export interface KrakenRateSourceOptions {
  /** API origin; default `https://api.kraken.com`. Tests point it at a local server. */
  readonly baseUrl?: string;
  /** Stamps `fetchedAt`; defaults to the system clock. */
  readonly clock?: Clock;
  /** The HTTP client; defaults to the global `fetch`. */
  readonly fetch?: FetchFunction;
  /** Extra or replacement symbol spellings, merged over {@link KRAKEN_SYMBOLS}. */
  readonly symbols?: Readonly<Record<string, string>>;
}

const COIN_PATTERN = /^[A-Z0-9]{2,12}$/;
const FIAT_PATTERN = /^[A-Z]{3}$/;

/**
 * Last-trade prices from Kraken's public ticker `GET {baseUrl}/0/public/Ticker?pair=XBTEUR`, answering
 * `{ error: [], result: { <pairName>: { c: [price, volume], ... } } }`.
 *
 * Maps registry symbols to Kraken's (`BTC` is `XBT`, `DOGE` is `XDG`). Kraken names the result entry
 * its own way (`XXBTZEUR` for `XBTEUR`), so the single entry of `result` is used. `EQuery:Unknown asset
 * pair` resolves `undefined`; any other Kraken error rejects. Stablecoins are priced from Kraken's own
 * pairs (e.g. `USDCEUR`), never assumed to be at par.
 *
 * @example
 * ```ts
 * const source = createKrakenRateSource();
 * await source.fetchRate('BTC', 'EUR', AbortSignal.timeout(2000)); // { rate: '64250.1', source: 'kraken', ... }
 * ```
 */
export function createKrakenRateSource(options: KrakenRateSourceOptions = {}): RateSource {
  const name = 'kraken';
  const baseUrl = (options.baseUrl ?? 'https://api.kraken.com').replace(/\/+$/, '');
  const clock = options.clock ?? (() => new Date());
  const fetchFn: FetchFunction = options.fetch ?? ((input, init) => fetch(input, init));
  const symbols = { ...KRAKEN_SYMBOLS, ...options.symbols };
  return {
    name,
    /**
     * Fetches the last trade price of `coin` in `fiat`.
     *
     * @throws RateSourceError on network errors, HTTP errors, Kraken errors other than "unknown pair",
     * and malformed bodies.
     */
    async fetchRate(coin: string, fiat: string, signal: AbortSignal): Promise<RateQuote | undefined> {
      const symbol = coin.toUpperCase();
      const currency = fiat.toUpperCase();
      if (!COIN_PATTERN.test(symbol) || !FIAT_PATTERN.test(currency)) return undefined;
      const krakenCoin = Object.hasOwn(symbols, symbol) ? symbols[symbol]! : symbol;
      const url = `${baseUrl}/0/public/Ticker?pair=${encodeURIComponent(krakenCoin + currency)}`;
      const { status, body } = await fetchJson(url, signal, fetchFn);

      if (!isRecord(body)) {
        throw new RateSourceError(
          'RATE_SOURCE_MALFORMED',
          `GET ${url}: HTTP ${status} with a non-object body`,
        );
      }
      const errors = Array.isArray(body.error) ? body.error.map(String) : [];
      if (errors.some((e) => e.startsWith('EQuery:Unknown asset pair'))) return undefined;
      if (errors.length > 0) {
        throw new RateSourceError('RATE_SOURCE_REJECTED', `GET ${url}: HTTP ${status}, ${errors.join('; ')}`);
      }
      if (status !== 200) throw new RateSourceError('RATE_SOURCE_HTTP', `GET ${url}: HTTP ${status}`);
      if (!Array.isArray(body.error) || !isRecord(body.result)) {
        throw new RateSourceError('RATE_SOURCE_MALFORMED', `GET ${url}: no "error" array or "result" object`);
      }

      const entries = Object.values(body.result);
      if (entries.length === 0) return undefined;
      if (entries.length > 1) {
        throw new RateSourceError(
          'RATE_SOURCE_MALFORMED',
          `GET ${url}: ${entries.length} pairs in the result, expected 1`,
        );
      }
      const ticker = entries[0];
      const lastTrade = isRecord(ticker) && Array.isArray(ticker.c) ? ticker.c[0] : undefined;
      const rate = normalizeRate(lastTrade);
      if (rate === undefined) {
        throw new RateSourceError(
          'RATE_SOURCE_MALFORMED',
          `GET ${url}: "c[0]" is not a positive decimal string`,
        );
      }
      return { rate, source: name, fetchedAt: clock() };
    },
  };
}
