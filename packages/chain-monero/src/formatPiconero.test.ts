import { describe, expect, it } from 'vitest';
import { formatPiconero, MAX_PICONERO } from './formatPiconero.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';

describe('formatPiconero', () => {
  it.each([
    [0n, '0'],
    [1n, '0.000000000001'],
    [10n, '0.00000000001'],
    [999_999_999_999n, '0.999999999999'],
    [1_000_000_000_000n, '1'],
    [1_500_000_000_000n, '1.5'],
    [123_456_789_012_345n, '123.456789012345'],
    [MAX_PICONERO, '18446744.073709551615'],
  ])('writes %s piconero as %s XMR', (piconero, text) => {
    expect(formatPiconero(piconero)).toBe(text);
  });

  it('refuses negative amounts, amounts above uint64 and JS numbers', () => {
    for (const bad of [-1n, MAX_PICONERO + 1n, 1 as unknown as bigint]) {
      expect(() => formatPiconero(bad)).toThrow(MoneroAdapterError);
    }
  });
});
