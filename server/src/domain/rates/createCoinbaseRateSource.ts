import { type FetchFunction, fetchJson } from './fetchJson.js';
import { isRecord } from './isRecord.js';
import { normalizeRate } from './normalizeRate.js';
import type { Clock, RateQuote, RateSource } from './RateSource.js';
import { RateSourceError } from './RateSourceError.js';

/** Options of {@link CoinbaseRateSource}. */
export interface CoinbaseRateSourceOptions {
  /** API origin; default `https://api.coinbase.com`. Tests point it at a local server. */
  readonly baseUrl?: string;
  /** Stamps `fetchedAt`; defaults to the system clock. */
  readonly clock?: Clock;
  /** The HTTP client; defaults to the global `fetch`. */
  readonly fetch?: FetchFunction;
}

const COIN_PATTERN = /^[A-Z0-9]{2,12}$/;
const FIAT_PATTERN = /^[A-Z]{3}$/;

/**
 * Spot prices from Coinbase's public, unauthenticated price endpoint
 * `GET {baseUrl}/v2/prices/{COIN}-{FIAT}/spot`, answering `{ data: { amount, base, currency } }`.
 *
 * A pair Coinbase does not know (HTTP 404, or 400 "Invalid currency") resolves `undefined`. An answer
 * whose `base` or `currency` differs from the request is rejected (Coinbase has been known to answer
 * a different pair). Stablecoins are priced from Coinbase's own pairs, never assumed to be at par.
 *
 * @example
 * ```ts
 * const source = createCoinbaseRateSource();
 * await source.fetchRate('BTC', 'EUR', AbortSignal.timeout(2000)); // { rate: '64250.12', source: 'coinbase', ... }
 * ```
 */
export function createCoinbaseRateSource(options: CoinbaseRateSourceOptions = {}): RateSource {
  const name = 'coinbase';
  const baseUrl = (options.baseUrl ?? 'https://api.coinbase.com').replace(/\/+$/, '');
  const clock = options.clock ?? (() => new Date());
  const fetchFn: FetchFunction = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    name,
    /**
     * Fetches the spot price of `coin` in `fiat`.
     *
     * @throws RateSourceError on network errors, HTTP errors other than "unknown pair", and malformed bodies.
     */
    async fetchRate(coin: string, fiat: string, signal: AbortSignal): Promise<RateQuote | undefined> {
      const base = coin.toUpperCase();
      const currency = fiat.toUpperCase();
      if (!COIN_PATTERN.test(base) || !FIAT_PATTERN.test(currency)) return undefined;
      const url = `${baseUrl}/v2/prices/${base}-${currency}/spot`;
      const { status, body } = await fetchJson(url, signal, fetchFn);

      if (status === 404 || (status === 400 && mentionsInvalidCurrency(body))) return undefined;
      if (status !== 200) throw new RateSourceError('RATE_SOURCE_HTTP', `GET ${url}: HTTP ${status}`);

      const data = isRecord(body) ? body.data : undefined;
      if (!isRecord(data)) throw new RateSourceError('RATE_SOURCE_MALFORMED', `GET ${url}: no "data" object`);
      if (
        (data.base !== undefined && data.base !== base) ||
        (data.currency !== undefined && data.currency !== currency)
      ) {
        throw new RateSourceError(
          'RATE_SOURCE_MALFORMED',
          `GET ${url}: answered ${String(data.base)}-${String(data.currency)}, not ${base}-${currency}`,
        );
      }
      const rate = normalizeRate(data.amount);
      if (rate === undefined) {
        throw new RateSourceError(
          'RATE_SOURCE_MALFORMED',
          `GET ${url}: "data.amount" is not a positive decimal string`,
        );
      }
      return { rate, source: name, fetchedAt: clock() };
    },
  };
}

function mentionsInvalidCurrency(body: unknown): boolean {
  const errors = isRecord(body) ? body.errors : undefined;
  return (
    Array.isArray(errors) &&
    errors.some(
      (e) => isRecord(e) && typeof e.message === 'string' && /invalid (base )?currency/i.test(e.message),
    )
  );
}
