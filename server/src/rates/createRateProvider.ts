import { normalizeRate } from './normalizeRate.js';
import { pairKey } from './pairKey.js';
import type { Clock, RateLogger, RateQuote, RateSource } from './RateSource.js';
import { RateSourceError } from './RateSourceError.js';

/** A coin/fiat pair to price. */
export interface RatePair {
  /** Coin symbol, e.g. `BTC` (case-insensitive). */
  readonly coin: string;
  /** ISO 4217 code, e.g. `EUR` (case-insensitive). */
  readonly fiat: string;
}

/** Options of {@link createRateProvider}. */
export interface RateProviderOptions {
  /** Sources in fallback order: the first that prices a pair wins. */
  readonly sources: readonly RateSource[];
  /** Per-source, per-request time limit in ms; default 2000. */
  readonly timeoutMs?: number;
  /** How long a fetched quote is served without asking again, in ms; default 30 000. */
  readonly cacheTtlMs?: number;
  /**
   * When every source fails, the oldest cached quote that may still be served, in ms; default 120 000.
   * Older quotes are never served.
   */
  readonly maxStalenessMs?: number;
  /** The one source of time; default the system clock. */
  readonly clock?: Clock;
  /** Receives a warning for each source failure and each stale answer. */
  readonly logger?: RateLogger;
}

/** Prices coin/fiat pairs from several sources with fallback, caching and request de-duplication. */
export interface RateProvider {
  /**
   * The rate of one pair, or `undefined` when no source can price it now and no cached quote within
   * `maxStalenessMs` exists. Never throws for a source failure.
   */
  getRate(coin: string, fiat: string): Promise<RateQuote | undefined>;
  /**
   * Rates of several pairs, fetched concurrently, keyed `COIN/FIAT` (upper case). Pairs no source can
   * price are absent from the map. Never throws for a source failure.
   */
  getRates(pairs: readonly RatePair[]): Promise<Map<string, RateQuote>>;
}

interface CacheEntry {
  readonly quote: RateQuote;
  /** When the provider received the quote, by the provider's clock (the cache ages by this). */
  readonly receivedAt: number;
}

/**
 * Creates a {@link RateProvider} over `sources`.
 *
 * For each pair: a quote received less than `cacheTtlMs` ago is served from cache; otherwise the
 * sources are asked in order, each under its own `timeoutMs`, and the first valid quote wins and is
 * cached. A source that throws, times out or returns an invalid rate is logged and skipped; one that
 * resolves `undefined` (pair not listed) is skipped silently. If no source prices the pair, a cached
 * quote at most `maxStalenessMs` old is served (with a warning), never an older one. Concurrent requests
 * for the same pair share one lookup, and different pairs are looked up concurrently, so a slow source
 * for one pair never delays another. Cache age uses the injected `clock` only.
 *
 * @example
 * ```ts
 * const rates = createRateProvider({ sources: rateSourcesFromConfig({ sources: ['coinbase', 'kraken', 'fixed'] }) });
 * const quote = await rates.getRate('BTC', 'EUR'); // { rate: '64250.12', source: 'coinbase', fetchedAt }
 * ```
 */
export function createRateProvider(options: RateProviderOptions): RateProvider {
  const sources = [...options.sources];
  const timeoutMs = options.timeoutMs ?? 2000;
  const cacheTtlMs = options.cacheTtlMs ?? 30_000;
  const maxStalenessMs = options.maxStalenessMs ?? 120_000;
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger;
  for (const [name, value] of Object.entries({ timeoutMs, cacheTtlMs, maxStalenessMs })) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a non-negative number`);
  }

  const cache = new Map<string, CacheEntry>();
  const inFlight = new Map<string, Promise<RateQuote | undefined>>();

  async function askSource(source: RateSource, coin: string, fiat: string): Promise<RateQuote | undefined> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new RateSourceError('RATE_SOURCE_TIMEOUT', `no answer within ${timeoutMs} ms`);
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    });
    try {
      // Race the timer too, so a source that ignores its signal cannot hold the pair up.
      return await Promise.race([
        Promise.resolve().then(() => source.fetchRate(coin, fiat, controller.signal)),
        timedOut,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function lookUp(coin: string, fiat: string, key: string): Promise<RateQuote | undefined> {
    for (const source of sources) {
      let quote: RateQuote | undefined;
      try {
        quote = await askSource(source, coin, fiat);
      } catch (error) {
        logger?.warn({ err: error, source: source.name, pair: key }, 'exchange-rate source failed');
        continue;
      }
      if (quote === undefined) continue;
      const rate = normalizeRate(quote?.rate);
      if (rate === undefined || !(quote.fetchedAt instanceof Date)) {
        logger?.warn(
          { source: source.name, pair: key, rate: quote?.rate },
          'exchange-rate source returned an invalid quote',
        );
        continue;
      }
      const accepted: RateQuote = { rate, source: quote.source || source.name, fetchedAt: quote.fetchedAt };
      cache.set(key, { quote: accepted, receivedAt: clock().getTime() });
      return accepted;
    }

    const cached = cache.get(key);
    if (cached !== undefined) {
      const ageMs = clock().getTime() - cached.receivedAt;
      if (ageMs >= 0 && ageMs <= maxStalenessMs) {
        logger?.warn(
          { pair: key, source: cached.quote.source, ageMs },
          'all exchange-rate sources failed; serving a stale rate',
        );
        return cached.quote;
      }
      if (ageMs > maxStalenessMs) cache.delete(key);
    }
    logger?.warn({ pair: key, sources: sources.map((s) => s.name) }, 'no exchange rate available');
    return undefined;
  }

  function getRate(coin: string, fiat: string): Promise<RateQuote | undefined> {
    const upperCoin = coin.toUpperCase();
    const upperFiat = fiat.toUpperCase();
    const key = pairKey(upperCoin, upperFiat);

    const cached = cache.get(key);
    if (cached !== undefined) {
      const ageMs = clock().getTime() - cached.receivedAt;
      if (ageMs >= 0 && ageMs < cacheTtlMs) return Promise.resolve(cached.quote);
    }

    const pending = inFlight.get(key);
    if (pending !== undefined) return pending;
    const lookup = lookUp(upperCoin, upperFiat, key).finally(() => inFlight.delete(key));
    inFlight.set(key, lookup);
    return lookup;
  }

  /** Every pair from fresh cache entries, or undefined as soon as one is missing or due. */
  function fromCache(pairs: readonly RatePair[]): Map<string, RateQuote> | undefined {
    const now = clock().getTime();
    const result = new Map<string, RateQuote>();
    for (const pair of pairs) {
      const key = pairKey(pair.coin, pair.fiat);
      const cached = cache.get(key);
      const ageMs = cached === undefined ? -1 : now - cached.receivedAt;
      if (cached === undefined || ageMs < 0 || ageMs >= cacheTtlMs) return undefined;
      result.set(key, cached.quote);
    }
    return result;
  }

  async function getRates(pairs: readonly RatePair[]): Promise<Map<string, RateQuote>> {
    // The common case (every pair fresh in the cache) without a promise per pair.
    const cached = fromCache(pairs);
    if (cached !== undefined) return cached;
    const keys = new Map<string, RatePair>();
    for (const pair of pairs) keys.set(pairKey(pair.coin, pair.fiat), pair);
    const answers = await Promise.all(
      [...keys].map(async ([key, pair]) => [key, await getRate(pair.coin, pair.fiat)] as const),
    );
    const result = new Map<string, RateQuote>();
    for (const [key, quote] of answers) if (quote !== undefined) result.set(key, quote);
    return result;
  }

  return { getRate, getRates };
}
