import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits } from './formatUnits.js';
import { parseUnits } from './parseUnits.js';

describe('parseUnits', () => {
  it('scales whole coins to the smallest unit exactly', () => {
    expect(parseUnits('0.015', 8)).toBe(1_500_000n);
    expect(parseUnits('25', 6)).toBe(25_000_000n);
    expect(parseUnits('1.000000000000000001', 18)).toBe(1_000_000_000_000_000_001n);
    expect(parseUnits('0.10000000000', 8)).toBe(10_000_000n);
  });

  it('refuses more decimals than the coin has, and anything that is not a plain decimal', () => {
    expect(() => parseUnits('0.000000001', 8)).toThrow(RangeError);
    expect(() => parseUnits('-1', 8)).toThrow(RangeError);
    expect(() => parseUnits('1e3', 8)).toThrow(RangeError);
    expect(() => parseUnits('', 8)).toThrow(RangeError);
  });

  it('is the inverse of formatUnits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), (amount, d) => {
        expect(parseUnits(formatUnits(amount, d), d)).toBe(amount);
      }),
    );
  });
});
