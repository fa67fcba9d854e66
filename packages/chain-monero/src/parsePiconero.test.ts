import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPiconero, MAX_PICONERO } from './formatPiconero.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';
import { parsePiconero } from './parsePiconero.js';

describe('parsePiconero', () => {
  it.each([
    ['0', 0n],
    ['0.0', 0n],
    ['1', 1_000_000_000_000n],
    ['1.5', 1_500_000_000_000n],
    ['1.500000000000', 1_500_000_000_000n],
    ['1.5000000000000000', 1_500_000_000_000n],
    ['0.000000000001', 1n],
    ['007.25', 7_250_000_000_000n],
    ['18446744.073709551615', MAX_PICONERO],
  ])('reads %s XMR as %s piconero', (text, piconero) => {
    expect(parsePiconero(text)).toBe(piconero);
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
    '0.0000000000001',
    '18446744.073709551616',
    '1'.repeat(65),
  ])('refuses %j', (text) => {
    expect(() => parsePiconero(text)).toThrow(MoneroAdapterError);
  });

  it('round-trips every uint64 amount through formatPiconero', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_PICONERO }), (piconero) => {
        expect(parsePiconero(formatPiconero(piconero))).toBe(piconero);
      }),
      { numRuns: 1000 },
    );
  });
});
