export { type CoinbaseRateSourceOptions, createCoinbaseRateSource } from './createCoinbaseRateSource.js';
export {
  createFixedRateSource,
  type FixedRateSource,
  type FixedRateSourceOptions,
} from './createFixedRateSource.js';
export {
  createKrakenRateSource,
  KRAKEN_SYMBOLS,
  type KrakenRateSourceOptions,
} from './createKrakenRateSource.js';
export {
  createRateProvider,
  type RateAnswer,
  type RatePair,
  type RateProvider,
  type RateProviderOptions,
} from './createRateProvider.js';
export { DEMO_FIXED_RATES } from './demoFixedRates.js';
export type { FetchFunction } from './fetchJson.js';
export { normalizeRate } from './normalizeRate.js';
export { pairKey } from './pairKey.js';
export type { Clock, RateLogger, RateQuote, RateSource } from './RateSource.js';
export { RateSourceError } from './RateSourceError.js';
export {
  RATE_SOURCE_NAMES,
  type RateSourceName,
  type RateSourcesConfig,
  rateSourcesFromConfig,
} from './rateSourcesFromConfig.js';
