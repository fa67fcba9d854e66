import { describe, expect, it } from 'vitest';
import { rateSourcesFromConfig } from './rateSourcesFromConfig.js';

const signal = () => AbortSignal.timeout(1000);

describe('rateSourcesFromConfig', () => {
  it('builds the sources in the configured order', () => {
    const sources = rateSourcesFromConfig({ sources: ['kraken', 'coinbase', 'fixed'] });
    expect(sources.map((s) => s.name)).toEqual(['kraken', 'coinbase', 'fixed']);
  });

  it('accepts names in any case with surrounding spaces', () => {
    expect(rateSourcesFromConfig({ sources: [' Fixed', 'COINBASE '] }).map((s) => s.name)).toEqual([
      'fixed',
      'coinbase',
    ]);
  });

  it('passes fixed rates, demo switch and clock to the fixed source', async () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const [fixed] = rateSourcesFromConfig({
      sources: ['fixed'],
      fixedRates: { 'BTC/EUR': '61000' },
      demoRates: false,
      clock: () => now,
    });
    await expect(fixed!.fetchRate('BTC', 'EUR', signal())).resolves.toEqual({
      rate: '61000',
      source: 'fixed',
      fetchedAt: now,
    });
    await expect(fixed!.fetchRate('ETH', 'EUR', signal())).resolves.toBeUndefined();
  });

  it.each([
    [[], /At least one/],
    [['fixed', 'binance'], /Unknown exchange-rate source "binance"/],
    [['fixed', 'FIXED'], /listed twice/],
  ])('rejects %j', (sources, message) => {
    expect(() => rateSourcesFromConfig({ sources })).toThrow(message);
  });

  it('rejects an invalid fixed rate', () => {
    expect(() => rateSourcesFromConfig({ sources: ['fixed'], fixedRates: { 'BTC/EUR': 'abc' } })).toThrow(
      RangeError,
    );
  });
});
