import { describe, expect, it } from 'vitest';
import { readableAmount, readingDecimals } from './readableAmount.js';

const ETH = { symbol: 'ETH', decimals: 18 };
const BTC = { symbol: 'BTC', decimals: 8 };
const USDC = { symbol: 'USDC', decimals: 6 };
const XMR = { symbol: 'XMR', decimals: 12 };

describe('readableAmount', () => {
  it('chooses the places per coin: stablecoins 2, coins of up to 8 decimals all, finer coins 6', () => {
    expect(readingDecimals(ETH)).toBe(6);
    expect(readingDecimals(XMR)).toBe(6);
    expect(readingDecimals({ symbol: 'SOL', decimals: 9 })).toBe(6);
    expect(readingDecimals(BTC)).toBe(8);
    expect(readingDecimals({ symbol: 'XLM', decimals: 7 })).toBe(7);
    expect(readingDecimals({ symbol: 'XRP', decimals: 6 })).toBe(6);
    expect(readingDecimals(USDC)).toBe(2);
    expect(readingDecimals({ symbol: 'USDT', decimals: 18 })).toBe(2);
    expect(readingDecimals({ symbol: 'USDC.e', decimals: 6 })).toBe(2);
  });

  it('rounds an amount to pay up, marks it approximate and keeps the exact one', () => {
    // 10 EUR at 3000 EUR/ETH, rounded up to the wei: the float-noise case of the issue.
    expect(readableAmount(3_333_333_333_333_334n, ETH, 'up')).toEqual({
      text: '0.003334',
      exact: '0.003333333333333334',
      approximate: true,
    });
    expect(readableAmount(3_333_333_333_333_334n, ETH, 'nearest').text).toBe('0.003333');
    expect(readableAmount(10_869_565n, USDC, 'up')).toEqual({
      text: '10.87',
      exact: '10.869565',
      approximate: true,
    });
  });

  it('shows an amount that needs no rounding as it is, stablecoins with two places', () => {
    expect(readableAmount(10_000_000n, BTC, 'up')).toEqual({ text: '0.1', exact: '0.1', approximate: false });
    expect(readableAmount(1n, BTC, 'up')).toEqual({
      text: '0.00000001',
      exact: '0.00000001',
      approximate: false,
    });
    expect(readableAmount(10_500_000n, USDC)).toEqual({ text: '10.50', exact: '10.5', approximate: false });
    expect(readableAmount(25_000_000n, USDC)).toEqual({ text: '25.00', exact: '25', approximate: false });
    expect(readableAmount(50_000_000_000_000_000n, ETH)).toEqual({
      text: '0.05',
      exact: '0.05',
      approximate: false,
    });
    expect(readableAmount(0n, ETH)).toEqual({ text: '0', exact: '0', approximate: false });
  });

  it('rounds half up when rounding to the nearest, and carries into the whole coins', () => {
    expect(readableAmount(1_234_565_000_000n, XMR).text).toBe('1.234565');
    expect(readableAmount(1_234_565_500_000n, XMR).text).toBe('1.234566');
    expect(readableAmount(1_234_565_499_999n, XMR).text).toBe('1.234565');
    expect(readableAmount(999_999_999_999_999_999n, ETH).text).toBe('1');
    expect(readableAmount(19_995_000n, USDC).text).toBe('20.00');
    expect(readableAmount(19_994_999n, USDC).text).toBe('19.99');
  });

  it('rounds a tiny amount to pay up to the smallest shown place, never to zero', () => {
    expect(readableAmount(1n, ETH, 'up')).toEqual({
      text: '0.000001',
      exact: '0.000000000000000001',
      approximate: true,
    });
    expect(readableAmount(1n, ETH, 'nearest').text).toBe('0');
  });

  it('handles amounts beyond the range of a JS number exactly', () => {
    const huge = 123_456_789_012_345_678_901_234_567_890n;
    expect(readableAmount(huge, ETH, 'up').text).toBe('123456789012.345679');
    expect(readableAmount(huge, ETH, 'up').exact).toBe('123456789012.34567890123456789');
  });
});
