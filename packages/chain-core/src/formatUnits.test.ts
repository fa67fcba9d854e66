import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits } from './formatUnits.js';
import { parseDecimal } from './parseDecimal.js';

const UINT64_MAX = 2n ** 64n - 1n;
const INT64_MAX = 2n ** 63n - 1n;
const MAX_DROPS = 10n ** 17n;

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
    [2_100_000_000_000_000n, 8, '21000000'],
    [123_456_789n, 6, '123.456789'],
    [MAX_DROPS, 6, '100000000000'],
    [999_999_999_999n, 12, '0.999999999999'],
    [UINT64_MAX, 12, '18446744.073709551615'],
    [UINT64_MAX, 9, '18446744073.709551615'],
    [INT64_MAX, 7, '922337203685.4775807'],
    [255_000_000n, 7, '25.5'],
    [1n, 30, `0.${'0'.repeat(29)}1`],
  ])('formats %s with %i decimals as %s', (amount, decimals, expected) => {
    expect(formatUnits(amount, decimals)).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 256])('rejects decimals %s', (decimals) => {
    expect(() => formatUnits(1n, decimals)).toThrow(
      new RangeError(`decimals must be an integer from 0 to 255, got ${decimals}`),
    );
  });

  it('refuses negative amounts and JS numbers', () => {
    expect(() => formatUnits(-1n, 8)).toThrow(new RangeError('amount -1 is negative'));
    expect(() => formatUnits(-1n, 8, { min: -5n })).toThrow(/negative/);
    expect(() => formatUnits(1 as unknown as bigint, 8)).toThrow(
      new RangeError('amount must be a bigint, got number 1'),
    );
  });

  it('keeps to inclusive bounds', () => {
    expect(formatUnits(MAX_DROPS, 6, { max: MAX_DROPS })).toBe('100000000000');
    expect(() => formatUnits(MAX_DROPS + 1n, 6, { max: MAX_DROPS })).toThrow(
      new RangeError('amount 100000000000000001 is above the maximum, 100000000000000000'),
    );
    expect(formatUnits(1n, 7, { min: 1n })).toBe('0.0000001');
    expect(() => formatUnits(0n, 7, { min: 1n })).toThrow(new RangeError('amount 0 is below the minimum, 1'));
  });

  it('throws exactly outside the bounds (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        (amount, a, b) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const inside = min <= amount && amount <= max;
          const format = () => formatUnits(amount, 6, { min, max });
          if (inside) expect(format()).toBe(formatUnits(amount, 6));
          else expect(format).toThrow(RangeError);
        },
      ),
    );
  });

  it('writes the canonical decimal of the same value (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (amount, d) => {
        const text = formatUnits(amount, d);
        expect(text).toMatch(/^(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/);
        const { units, scale } = parseDecimal(text);
        expect(scale).toBeLessThanOrEqual(d);
        expect(units * 10n ** BigInt(d - scale)).toBe(amount);
      }),
    );
  });

  it('normalises any parsed decimal string by dropping trailing zeros only (property)', () => {
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
