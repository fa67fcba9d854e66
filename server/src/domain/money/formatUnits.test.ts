import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits } from './formatUnits.js';
import { parseDecimal } from './parseDecimal.js';

describe('formatUnits', () => {
  it.each([
    [1_250_000n, 8, '0.0125'],
    [25_000_000n, 6, '25'],
    [1n, 18, '0.000000000000000001'],
    [0n, 18, '0'],
    [0n, 0, '0'],
    [41_667n, 8, '0.00041667'],
    [123n, 0, '123'],
    [10n ** 18n, 18, '1'],
    [1_500_000_000_000_000_000n, 18, '1.5'],
    [-1_250_000n, 8, '-0.0125'],
  ])('formats %s with %i decimals as %s', (amount, decimals, expected) => {
    expect(formatUnits(amount, decimals)).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN])('rejects decimals %s', (decimals) => {
    expect(() => formatUnits(1n, decimals)).toThrow(RangeError);
  });

  it('round-trips through parseDecimal to the same value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (amount, d) => {
        const text = formatUnits(amount, d);
        const { units, scale } = parseDecimal(text);
        expect(scale).toBeLessThanOrEqual(d);
        expect(units * 10n ** BigInt(d - scale)).toBe(amount);
        // canonical: no trailing zeros in the fraction
        expect(text).not.toMatch(/\.[0-9]*0$/);
      }),
    );
  });

  it('normalises any parsed decimal string by dropping trailing zeros only', () => {
    const decimalText = fc
      .tuple(
        fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9][0-9]{0,20}$/)),
        fc.option(fc.stringMatching(/^[0-9]{1,20}$/), { nil: undefined }),
      )
      .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));
    fc.assert(
      fc.property(decimalText, (text) => {
        const { units, scale } = parseDecimal(text);
        const expected = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
        expect(formatUnits(units, scale)).toBe(expected);
      }),
    );
  });
});
