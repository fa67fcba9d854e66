import { rateSymbolOf } from '@cairn/contract';
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

/** What the sources said about one pair. */
export interface RateAnswer {
  /** The quote, when a source priced the pair (or a cached quote was served). */
  readonly quote?: RateQuote;
  /**
   * No quote, and every source answered that it does not list the pair (a definitive answer, not a
   * failure): asking again will not help. False when some source failed or timed out.
   */
  readonly unlisted: boolean;
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
  /**
   * Like {@link getRates}, with every pair in the map: its quote, or whether it is unlisted by every
   * source (so a caller can tell "cannot be priced" from "cannot be priced now").
   */
  getRateAnswers(pairs: readonly RatePair[]): Promise<Map<string, RateAnswer>>;
}

interface CacheEntry {
  readonly quote: RateQuote;
  /** The same quote as an answer (one object per quote, not one per request). */
  readonly answer: RateAnswer;
  /** When the provider received the quote, by the provider's clock (the cache ages by this). */
  readonly receivedAt: number;
}

const UNLISTED: RateAnswer = Object.freeze({ unlisted: true });
const UNAVAILABLE: RateAnswer = Object.freeze({ unlisted: false });

/**
 * Creates a {@link RateProvider} over `sources`.
 *
 * For each pair: a quote received less than `cacheTtlMs` ago is served from cache; otherwise the
 * sources are asked in order, each under its own `timeoutMs`, and the first valid quote wins and is
 * cached. A source that throws, times out or returns an invalid rate is logged and skipped; one that
 * resolves `undefined` (pair not listed) is skipped silently. If no source prices the pair, a cached
 * quote at most `maxStalenessMs` old is served (with a warning), never an older one; without one, a
 * pair every source said it does not list is remembered as unlisted for `cacheTtlMs` (so a currency
 * nobody prices does not cost a request to every source each time). Concurrent requests
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
  /** Pairs every source said it does not list, and when (by the provider's clock). */
  const unlistedAt = new Map<string, number>();
  const inFlight = new Map<string, Promise<RateAnswer>>();

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
        // A coin no source lists may be priced as another (bridged USDC.e at the USDC rate).
        Promise.resolve().then(() => source.fetchRate(rateSymbolOf(coin), fiat, controller.signal)),
        timedOut,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function lookUp(coin: string, fiat: string, key: string): Promise<RateAnswer> {
    let failed = false;
    for (const source of sources) {
      let quote: RateQuote | undefined;
      try {
        quote = await askSource(source, coin, fiat);
      } catch (error) {
        failed = true;
        logger?.warn({ err: error, source: source.name, pair: key }, 'exchange-rate source failed');
        continue;
      }
      if (quote === undefined) continue;
      const rate = normalizeRate(quote?.rate);
      if (rate === undefined || !(quote.fetchedAt instanceof Date)) {
        failed = true;
        logger?.warn(
          { source: source.name, pair: key, rate: quote?.rate },
          'exchange-rate source returned an invalid quote',
        );
        continue;
      }
      const accepted: RateQuote = { rate, source: quote.source || source.name, fetchedAt: quote.fetchedAt };
      const answer: RateAnswer = { quote: accepted, unlisted: false };
      cache.set(key, { quote: accepted, answer, receivedAt: clock().getTime() });
      unlistedAt.delete(key);
      return answer;
    }

    const cached = cache.get(key);
    if (cached !== undefined) {
      const ageMs = clock().getTime() - cached.receivedAt;
      if (ageMs >= 0 && ageMs <= maxStalenessMs) {
        logger?.warn(
          { pair: key, source: cached.quote.source, ageMs },
          'all exchange-rate sources failed; serving a stale rate',
        );
        return cached.answer;
      }
      if (ageMs > maxStalenessMs) cache.delete(key);
    }
    if (!failed) {
      unlistedAt.set(key, clock().getTime());
      logger?.warn({ pair: key, sources: sources.map((s) => s.name) }, 'no source lists this pair');
      return UNLISTED;
    }
    logger?.warn({ pair: key, sources: sources.map((s) => s.name) }, 'no exchange rate available');
    return UNAVAILABLE;
  }

  /** A fresh answer from the cache (a quote, or that every source said the pair is unlisted). */
  function cachedAnswer(key: string, now: number): RateAnswer | undefined {
    const cached = cache.get(key);
    if (cached !== undefined) {
      const ageMs = now - cached.receivedAt;
      if (ageMs >= 0 && ageMs < cacheTtlMs) return cached.answer;
    }
    const unlistedSince = unlistedAt.get(key);
    if (unlistedSince !== undefined) {
      const ageMs = now - unlistedSince;
      if (ageMs >= 0 && ageMs < cacheTtlMs) return UNLISTED;
    }
    return undefined;
  }

  function getRateAnswer(coin: string, fiat: string): Promise<RateAnswer> {
    const upperCoin = coin.toUpperCase();
    const upperFiat = fiat.toUpperCase();
    const key = pairKey(upperCoin, upperFiat);
    const cached = cachedAnswer(key, clock().getTime());
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = inFlight.get(key);
    if (pending !== undefined) return pending;
    const lookup = lookUp(upperCoin, upperFiat, key).finally(() => inFlight.delete(key));
    inFlight.set(key, lookup);
    return lookup;
  }

  async function getRate(coin: string, fiat: string): Promise<RateQuote | undefined> {
    return (await getRateAnswer(coin, fiat)).quote;
  }

  /** Every pair from fresh cache entries, or undefined as soon as one is missing or due. */
  function fromCache(pairs: readonly RatePair[]): Map<string, RateAnswer> | undefined {
    const now = clock().getTime();
    const result = new Map<string, RateAnswer>();
    for (const pair of pairs) {
      const key = pairKey(pair.coin, pair.fiat);
      const answer = cachedAnswer(key, now);
      if (answer === undefined) return undefined;
      result.set(key, answer);
    }
    return result;
  }

  async function getRateAnswers(pairs: readonly RatePair[]): Promise<Map<string, RateAnswer>> {
    // The common case (every pair fresh in the cache) without a promise per pair.
    const cached = fromCache(pairs);
    if (cached !== undefined) return cached;
    const keys = new Map<string, RatePair>();
    for (const pair of pairs) keys.set(pairKey(pair.coin, pair.fiat), pair);
    return new Map(
      await Promise.all(
        [...keys].map(async ([key, pair]) => [key, await getRateAnswer(pair.coin, pair.fiat)] as const),
      ),
    );
  }

  async function getRates(pairs: readonly RatePair[]): Promise<Map<string, RateQuote>> {
    const result = new Map<string, RateQuote>();
    for (const [key, answer] of await getRateAnswers(pairs)) {
      if (answer.quote !== undefined) result.set(key, answer.quote);
    }
    return result;
  }

  return { getRate, getRates, getRateAnswers };
}
