import { formatUnits, parseUnits } from '@cairn/chain-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PICONERO, MONERO_DECIMALS } from './moneroUnits.js';

const xmr = (text: string) => parseUnits(text, MONERO_DECIMALS, { max: MAX_PICONERO });

describe('XMR amounts through chain-core', () => {
  it.each([
    [0n, '0'],
    [1n, '0.000000000001'],
    [10n, '0.00000000001'],
    [999_999_999_999n, '0.999999999999'],
    [1_000_000_000_000n, '1'],
    [1_500_000_000_000n, '1.5'],
    [123_456_789_012_345n, '123.456789012345'],
    [MAX_PICONERO, '18446744.073709551615'],
  ])('writes %s piconero as %s XMR and reads it back', (piconero, text) => {
    expect(formatUnits(piconero, MONERO_DECIMALS, { max: MAX_PICONERO })).toBe(text);
    expect(xmr(text)).toBe(piconero);
  });

  it('refuses negative amounts, amounts above uint64 and JS numbers', () => {
    for (const bad of [-1n, MAX_PICONERO + 1n, 1 as unknown as bigint]) {
      expect(() => formatUnits(bad, MONERO_DECIMALS, { max: MAX_PICONERO })).toThrow(RangeError);
    }
  });

  it.each([
    ['0.0', 0n],
    ['1.500000000000', 1_500_000_000_000n],
  ])('reads %s XMR as %s piconero', (text, piconero) => {
    expect(xmr(text)).toBe(piconero);
  });

  it.each([
    '',
    ' 1',
    '1 ',
    '-1',
    '+1',
    '.5',
    '5.',
    '1e3',
    '1,5',
    '0x10',
    'NaN',
    'Infinity',
    '1.2.3',
    '007.25',
    '1.5000000000001',
    '0.0000000000001',
    '18446744.073709551616',
    '1'.repeat(65),
  ])('refuses %j', (text) => {
    expect(() => xmr(text)).toThrow(RangeError);
  });

  it('round-trips every uint64 amount (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_PICONERO }), (piconero) => {
        expect(xmr(formatUnits(piconero, MONERO_DECIMALS, { max: MAX_PICONERO }))).toBe(piconero);
      }),
      { numRuns: 1000 },
    );
  });
});
