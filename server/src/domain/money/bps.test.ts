import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBps, bpsToPercent, percentToBps } from './bps.js';

describe('applyBps', () => {
  it.each([
    [41_667n, 50, 208n],
    [10_000n, 50, 50n],
    [199n, 50, 0n],
    [200n, 50, 1n],
    [25_000_000n, 100, 250_000n],
    [123n, 0, 0n],
    [123n, 10_000, 123n],
    [123n, 15_000, 184n],
    [10n ** 30n, 1, 10n ** 26n],
    [-199n, 50, -1n],
    [0n, 50, 0n],
  ])('%s at %i bps is %s', (amount, bps, expected) => {
    expect(applyBps(amount, bps)).toBe(expected);
  });

  it.each([-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects bps %s', (bps) => {
    expect(() => applyBps(1n, bps)).toThrow(RangeError);
  });

  it('is the floor of amount * bps / 10000', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 20_000 }),
        (a, bps) => {
          const r = applyBps(a, bps);
          expect(r * 10_000n <= a * BigInt(bps)).toBe(true);
          expect((r + 1n) * 10_000n > a * BigInt(bps)).toBe(true);
        },
      ),
    );
  });
});

describe('percentToBps', () => {
  it.each([
    ['0.5', 50],
    ['1', 100],
    ['0', 0],
    ['0.25', 25],
    ['0.05', 5],
    ['0.50', 50],
    ['12.3', 1230],
    ['100', 10_000],
    ['150.01', 15_001],
  ])('%s %% is %i bps', (text, bps) => {
    expect(percentToBps(text)).toBe(bps);
  });

  it.each(['0.125', '0.001', '', '-1', '+1', '1%', '.5', '5.', '01', ' 1', '1e2', 'abc', '1'.repeat(30)])(
    'rejects %j',
    (text) => {
      expect(() => percentToBps(text)).toThrow(RangeError);
    },
  );

  it('round-trips with bpsToPercent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (bps) => {
        expect(percentToBps(bpsToPercent(bps))).toBe(bps);
      }),
    );
  });
});

describe('bpsToPercent', () => {
  it.each([
    [50, '0.5'],
    [100, '1'],
    [0, '0'],
    [5, '0.05'],
    [1230, '12.3'],
    [10_000, '100'],
  ])('%i bps is %s %%', (bps, text) => {
    expect(bpsToPercent(bps)).toBe(text);
  });
});
