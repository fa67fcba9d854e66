import { parseDecimal } from '@cairn/chain-core';
import { COIN_SYMBOLS, rateSymbolOf } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { createFixedRateSource } from './createFixedRateSource.js';
import { DEMO_FIXED_RATES } from './demoFixedRates.js';

const NOW = new Date('2026-11-21T10:00:00Z');
const signal = () => AbortSignal.timeout(1000);

describe('DEMO_FIXED_RATES', () => {
  // Sources are asked for a coin's rate symbol (bridged USDCE is priced as USDC).
  const rateSymbols = [...new Set(COIN_SYMBOLS.map(rateSymbolOf))];
  it.each(rateSymbols.flatMap((coin) => ['USD', 'EUR'].map((fiat) => [coin, fiat] as const)))(
    'prices %s/%s',
    (coin, fiat) => {
      const rate = DEMO_FIXED_RATES[`${coin}/${fiat}`];
      expect(rate).toBeDefined();
      expect(parseDecimal(rate!).units > 0n).toBe(true);
    },
  );
});

describe('FixedRateSource', () => {
  it('serves the demo table by default, stamped by its clock', async () => {
    const source = createFixedRateSource({ clock: () => NOW });
    await expect(source.fetchRate('BTC', 'USD', signal())).resolves.toEqual({
      rate: '60000',
      source: 'fixed',
      fetchedAt: NOW,
    });
    expect(source.pairs()).toHaveLength(Object.keys(DEMO_FIXED_RATES).length);
  });

  it('lets configured rates override and extend the demo table', async () => {
    const source = createFixedRateSource({ rates: { 'BTC/EUR': '60000.00', 'btc/gbp': '50000' } });
    await expect(source.fetchRate('BTC', 'EUR', signal())).resolves.toMatchObject({ rate: '60000' });
    await expect(source.fetchRate('btc', 'gbp', signal())).resolves.toMatchObject({ rate: '50000' });
    await expect(source.fetchRate('ETH', 'USD', signal())).resolves.toMatchObject({ rate: '3000' });
  });

  it('serves only configured rates when demo rates are off', async () => {
    const source = createFixedRateSource({ rates: { 'USDC/USD': '1' }, demoRates: false });
    await expect(source.fetchRate('USDC', 'USD', signal())).resolves.toMatchObject({ rate: '1' });
    await expect(source.fetchRate('BTC', 'USD', signal())).resolves.toBeUndefined();
    expect(source.pairs()).toEqual(['USDC/USD']);
  });

  it('resolves undefined for a pair it does not hold', async () => {
    await expect(createFixedRateSource().fetchRate('BTC', 'JPY', signal())).resolves.toBeUndefined();
  });

  it.each([
    [{ BTC: '1' }],
    [{ 'BTC-EUR': '1' }],
    [{ 'BTC/EURO': '1' }],
    [{ 'BTC/EUR': '0' }],
    [{ 'BTC/EUR': '-1' }],
    [{ 'BTC/EUR': '1e4' }],
    [{ 'BTC/EUR': 60000 as unknown as string }],
  ])('rejects the configuration %j', (rates) => {
    expect(() => createFixedRateSource({ rates })).toThrow(RangeError);
  });

  it('honours an aborted signal', async () => {
    await expect(createFixedRateSource().fetchRate('BTC', 'USD', AbortSignal.abort())).rejects.toThrow();
  });
});
