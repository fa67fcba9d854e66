import { DEMO_FIXED_RATES } from './demoFixedRates.js';
import { normalizeRate } from './normalizeRate.js';
import { pairKey } from './pairKey.js';
import type { Clock, RateQuote, RateSource } from './RateSource.js';

/** Options of {@link FixedRateSource}. */
/** A fixed table of rates: a {@link RateSource} that can also list its pairs. */
export interface FixedRateSource extends RateSource {
  /** Every pair this source can price, as `COIN/FIAT` keys. */
  pairs(): string[];
}

export interface FixedRateSourceOptions {
  /**
   * Rates keyed `COIN/FIAT` (e.g. `{ 'BTC/EUR': '60000', 'USDC/USD': '1' }`), as positive decimal
   * strings of fiat per whole coin. They override the demo table entry for the same pair.
   */
  readonly rates?: Readonly<Record<string, string>>;
  /**
   * Whether to start from {@link DEMO_FIXED_RATES} (fixed demo rates for test mode and offline
   * development). Default `true`; set `false` for live mode so only explicit `rates` are served.
   */
  readonly demoRates?: boolean;
  /** Stamps `fetchedAt`; defaults to the system clock. */
  readonly clock?: Clock;
}

const PAIR_KEY_PATTERN = /^[A-Z0-9]{2,12}\/[A-Z]{3}$/;

/**
 * A rate source that answers from a fixed table, without I/O: the default offline source and the one
 * tests use. By default it serves {@link DEMO_FIXED_RATES}, which are FIXED DEMO RATES for test mode
 * and offline development, not market prices; pass `demoRates: false` to serve only your own `rates`.
 *
 * @throws RangeError from the constructor when a key is not `COIN/FIAT` or a rate is not a positive
 * decimal string.
 * @example
 * ```ts
 * const source = createFixedRateSource({ rates: { 'BTC/EUR': '60000' } });
 * await source.fetchRate('BTC', 'EUR', AbortSignal.timeout(1000)); // { rate: '60000', source: 'fixed', ... }
 * ```
 */
export function createFixedRateSource(options: FixedRateSourceOptions = {}): FixedRateSource {
  const name = 'fixed';
  const table = new Map<string, string>();
  const entries = [
    ...(options.demoRates === false ? [] : Object.entries(DEMO_FIXED_RATES)),
    ...Object.entries(options.rates ?? {}),
  ];
  for (const [key, value] of entries) {
    const normalizedKey = key.toUpperCase();
    if (!PAIR_KEY_PATTERN.test(normalizedKey)) {
      throw new RangeError(`Fixed rate key must look like "BTC/EUR", got ${JSON.stringify(key)}`);
    }
    const rate = normalizeRate(value);
    if (rate === undefined) {
      throw new RangeError(
        `Fixed rate for ${normalizedKey} must be a positive decimal string, got ${JSON.stringify(value)}`,
      );
    }
    table.set(normalizedKey, rate);
  }
  const rates = table;
  const clock = options.clock ?? (() => new Date());
  return {
    name,
    /** Every pair this source can price, as `COIN/FIAT` keys. */
    pairs(): string[] {
      return [...rates.keys()];
    },

    /** Answers from the table; `undefined` for a pair it does not hold. */
    async fetchRate(coin: string, fiat: string, signal: AbortSignal): Promise<RateQuote | undefined> {
      signal.throwIfAborted();
      const rate = rates.get(pairKey(coin, fiat));
      return rate === undefined ? undefined : { rate, source: name, fetchedAt: clock() };
    },
  };
}
