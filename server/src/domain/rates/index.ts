export { CoinbaseRateSource, type CoinbaseRateSourceOptions } from './CoinbaseRateSource.js';
export {
  createRateProvider,
  type RateAnswer,
  type RatePair,
  type RateProvider,
  type RateProviderOptions,
} from './createRateProvider.js';
export { DEMO_FIXED_RATES } from './demoFixedRates.js';
export { FixedRateSource, type FixedRateSourceOptions } from './FixedRateSource.js';
export type { FetchFunction } from './fetchJson.js';
export { KRAKEN_SYMBOLS, KrakenRateSource, type KrakenRateSourceOptions } from './KrakenRateSource.js';
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
