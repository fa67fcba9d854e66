import { createCoinbaseRateSource } from './createCoinbaseRateSource.js';
import { createFixedRateSource } from './createFixedRateSource.js';
import { createKrakenRateSource } from './createKrakenRateSource.js';
import type { FetchFunction } from './fetchJson.js';
import type { Clock, RateSource } from './RateSource.js';

/** Names of the built-in rate sources, as used in configuration. */
export const RATE_SOURCE_NAMES = ['fixed', 'coinbase', 'kraken'] as const;

/** A built-in rate source name. */
export type RateSourceName = (typeof RATE_SOURCE_NAMES)[number];

/** Rate-source configuration, as read from settings or the environment. */
export interface RateSourcesConfig {
  /** Source names in fallback order, e.g. `['coinbase', 'kraken', 'fixed']`. Names are case-insensitive. */
  readonly sources: readonly string[];
  /** Rates for the `fixed` source keyed `COIN/FIAT`, overriding its demo table. */
  readonly fixedRates?: Readonly<Record<string, string>>;
  /**
   * Whether the `fixed` source starts from its FIXED DEMO RATES table. Default `true`. Set `false` for
   * live mode, where only explicit `fixedRates` may price real payments.
   */
  readonly demoRates?: boolean;
  /** Clock stamping `fetchedAt` on quotes. */
  readonly clock?: Clock;
  /** Coinbase API origin (tests). */
  readonly coinbaseBaseUrl?: string;
  /** Kraken API origin (tests). */
  readonly krakenBaseUrl?: string;
  /** HTTP client for the live sources; default the global `fetch`. */
  readonly fetch?: FetchFunction;
}

/**
 * Builds the rate sources named in `config.sources`, in that order (the fallback order for
 * {@link createRateProvider}). `fixedRates` and `demoRates` only matter when `fixed` is listed.
 *
 * @throws RangeError on an empty list, an unknown or repeated name, or an invalid fixed rate.
 * @example
 * ```ts
 * const sources = rateSourcesFromConfig({ sources: ['coinbase', 'kraken', 'fixed'] });
 * sources.map((s) => s.name); // ['coinbase', 'kraken', 'fixed']
 * ```
 */
export function rateSourcesFromConfig(config: RateSourcesConfig): RateSource[] {
  if (config.sources.length === 0)
    throw new RangeError('At least one exchange-rate source must be configured');
  const build: Record<RateSourceName, () => RateSource> = {
    fixed: () =>
      createFixedRateSource({ rates: config.fixedRates, demoRates: config.demoRates, clock: config.clock }),
    coinbase: () =>
      createCoinbaseRateSource({ baseUrl: config.coinbaseBaseUrl, clock: config.clock, fetch: config.fetch }),
    kraken: () =>
      createKrakenRateSource({ baseUrl: config.krakenBaseUrl, clock: config.clock, fetch: config.fetch }),
  };
  const seen = new Set<string>();
  return config.sources.map((raw) => {
    const name = raw.trim().toLowerCase();
    if (!isRateSourceName(name)) {
      throw new RangeError(
        `Unknown exchange-rate source ${JSON.stringify(raw)}; expected one of ${RATE_SOURCE_NAMES.join(', ')}`,
      );
    }
    if (seen.has(name)) throw new RangeError(`Exchange-rate source ${JSON.stringify(name)} is listed twice`);
    seen.add(name);
    return build[name]();
  });
}

function isRateSourceName(name: string): name is RateSourceName {
  return (RATE_SOURCE_NAMES as readonly string[]).includes(name);
}
