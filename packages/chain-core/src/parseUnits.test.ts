import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits } from './formatUnits.js';
import { parseUnits } from './parseUnits.js';

const UINT64_MAX = 2n ** 64n - 1n;
const INT64_MAX = 2n ** 63n - 1n;
const MAX_DROPS = 10n ** 17n;

describe('parseUnits', () => {
  it.each([
    ['0.015', 8, 1_500_000n],
    ['25', 6, 25_000_000n],
    ['1.000000000000000001', 18, 1_000_000_000_000_000_001n],
    ['0.10000000', 8, 10_000_000n],
    ['48.49998560', 8, 4_849_998_560n],
    ['0.00000001', 8, 1n],
    ['21000000.12345678', 8, 2_100_000_012_345_678n],
    ['0', 8, 0n],
    ['0.0', 12, 0n],
    ['1.5', 6, 1_500_000n],
    ['1000000', 0, 1_000_000n],
    ['25.5000000', 7, 255_000_000n],
    ['922337203685.4775807', 7, INT64_MAX],
    ['18446744.073709551615', 12, UINT64_MAX],
    ['18446744073709551615', 0, UINT64_MAX],
  ])('reads %s with %i decimals as %s', (text, decimals, amount) => {
    expect(parseUnits(text, decimals)).toBe(amount);
  });

  it.each([
    '',
    ' 1',
    '1 ',
    '-1',
    '+1',
    '.5',
    '5.',
    '1.2.3',
    '007',
    '007.25',
    '01.0',
    '1e3',
    '1e-8',
    '1,5',
    '0x10',
    'NaN',
    'Infinity',
    '1'.repeat(101),
  ])('refuses %j, which is no plain decimal', (text) => {
    expect(() => parseUnits(text, 8)).toThrow(RangeError);
    expect(() => parseUnits(text, 8)).toThrow(/^Not a decimal string: /);
  });

  it('refuses more decimals than the coin has, and takes zeros past the last one', () => {
    expect(() => parseUnits('0.000000001', 8)).toThrow(
      new RangeError('"0.000000001" has more than 8 decimals'),
    );
    expect(() => parseUnits('1.500000001', 8)).toThrow(
      new RangeError('"1.500000001" has more than 8 decimals'),
    );
    expect(parseUnits('1.500000000', 8)).toBe(150_000_000n);
    expect(parseUnits('0.10000000000', 8)).toBe(10_000_000n);
    expect(parseUnits('1.0', 0)).toBe(1n);
    expect(() => parseUnits('1.5', 0)).toThrow(new RangeError('"1.5" has more than 0 decimals'));
  });

  it.each([-1, 1.5, Number.NaN, 256])('rejects decimals %s', (decimals) => {
    expect(() => parseUnits('1', decimals)).toThrow(
      new RangeError(`decimals must be an integer from 0 to 255, got ${decimals}`),
    );
  });

  it('keeps to inclusive bounds, naming them in whole coins', () => {
    expect(parseUnits('100000000000', 6, { max: MAX_DROPS })).toBe(MAX_DROPS);
    expect(() => parseUnits('100000000000.000001', 6, { max: MAX_DROPS })).toThrow(
      new RangeError('"100000000000.000001" is above the maximum, 100000000000'),
    );
    expect(() => parseUnits('100000000000000001', 0, { max: MAX_DROPS })).toThrow(
      new RangeError('"100000000000000001" is above the maximum, 100000000000000000'),
    );
    expect(() => parseUnits('922337203685.4775808', 7, { max: INT64_MAX })).toThrow(/above the maximum/);
    expect(() => parseUnits('18446744.073709551616', 12, { max: UINT64_MAX })).toThrow(/above the maximum/);
    expect(parseUnits('0.0000001', 7, { min: 1n })).toBe(1n);
    expect(() => parseUnits('0', 7, { min: 1n })).toThrow(
      new RangeError('"0" is below the minimum, 0.0000001'),
    );
    expect(() => parseUnits('1', 0, { max: -1n })).toThrow(new RangeError('"1" is above the maximum, -1'));
  });

  it('is the inverse of formatUnits (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (amount, d) => {
        expect(parseUnits(formatUnits(amount, d), d)).toBe(amount);
      }),
    );
  });

  it('round-trips every amount within bounds and refuses every amount outside them (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: UINT64_MAX }),
        fc.bigInt({ min: 0n, max: UINT64_MAX }),
        fc.bigInt({ min: 0n, max: UINT64_MAX }),
        fc.integer({ min: 0, max: 18 }),
        (amount, a, b, d) => {
          const bounds = a <= b ? { min: a, max: b } : { min: b, max: a };
          const text = formatUnits(amount, d);
          if (bounds.min <= amount && amount <= bounds.max) {
            expect(parseUnits(text, d, bounds)).toBe(amount);
            expect(formatUnits(amount, d, bounds)).toBe(text);
          } else {
            expect(() => parseUnits(text, d, bounds)).toThrow(RangeError);
          }
        },
      ),
    );
  });

  it('round-trips the extremes of each chain family', () => {
    for (const [max, d] of [
      [MAX_DROPS, 6],
      [UINT64_MAX, 12],
      [INT64_MAX, 7],
      [UINT64_MAX, 9],
    ] as const) {
      for (const amount of [0n, 1n, max - 1n, max]) {
        expect(parseUnits(formatUnits(amount, d, { max }), d, { max })).toBe(amount);
      }
      expect(() => formatUnits(max + 1n, d, { max })).toThrow(RangeError);
      expect(() => parseUnits(formatUnits(max + 1n, d), d, { max })).toThrow(RangeError);
    }
  });
});
