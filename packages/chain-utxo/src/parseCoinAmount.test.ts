import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimalAmount } from './formatDecimalAmount.js';
import { parseCoinAmount } from './parseCoinAmount.js';

describe('parseCoinAmount', () => {
  it('parses node amounts exactly', () => {
    expect(parseCoinAmount('48.49998560', 8)).toBe(4_849_998_560n);
    expect(parseCoinAmount('0.00000001', 8)).toBe(1n);
    expect(parseCoinAmount('21000000.12345678', 8)).toBe(2_100_000_012_345_678n);
    expect(parseCoinAmount('12', 8)).toBe(1_200_000_000n);
    expect(parseCoinAmount('1.50000000000', 8)).toBe(150_000_000n);
  });

  it('rejects what is not an exact non-negative decimal of the coin', () => {
    for (const bad of ['', '-1', '1e-8', '0.000000001', '1.', '.5', ' 1', 'NaN']) {
      expect(() => parseCoinAmount(bad, 8), bad).toThrow(RangeError);
    }
  });

  it('round-trips every amount formatDecimalAmount prints', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc.integer({ min: 0, max: 18 }),
        (amount, decimals) => {
          expect(parseCoinAmount(formatDecimalAmount(amount, decimals), decimals)).toBe(amount);
        },
      ),
    );
  });
});
