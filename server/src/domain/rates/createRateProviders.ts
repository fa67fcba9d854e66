import type { Mode } from '@cairn/contract';
import type { Config } from '../../platform/config/loadConfig.js';
import type { Clock as GatewayClock } from '../../platform/runtime/clock.js';
import { createRateProvider, type RateProvider } from './createRateProvider.js';
import type { RateLogger } from './RateSource.js';
import { type RateSourceName, rateSourcesFromConfig } from './rateSourcesFromConfig.js';

/**
 * One rate provider per mode. Test mode uses CAIRN_RATE_SOURCES (the built-in demo rates when
 * `fixed` is listed); live mode uses CAIRN_RATE_SOURCES_LIVE and never the demo rates.
 */
export function createRateProviders(
  config: Config,
  clock: GatewayClock,
  logger: RateLogger,
): Record<Mode, RateProvider> {
  const now = () => clock.now();
  const build = (names: readonly string[], demoRates: boolean) =>
    createRateProvider({
      sources: rateSourcesFromConfig({
        sources: names as RateSourceName[],
        fixedRates: config.fixedRates,
        demoRates,
        clock: now,
      }),
      timeoutMs: config.CAIRN_RATE_TIMEOUT_MS,
      cacheTtlMs: config.CAIRN_RATE_CACHE_TTL_MS,
      maxStalenessMs: config.CAIRN_RATE_MAX_STALENESS_MS,
      clock: now,
      logger,
    });
  return { test: build(config.CAIRN_RATE_SOURCES, true), live: build(config.CAIRN_RATE_SOURCES_LIVE, false) };
}
