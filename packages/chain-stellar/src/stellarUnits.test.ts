import { formatUnits, parseUnits } from '@cairn/chain-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_STROOPS, STELLAR_DECIMALS } from './stellarUnits.js';

const stroops = (text: string) => parseUnits(text, STELLAR_DECIMALS, { max: MAX_STROOPS });

describe('Stellar amounts through chain-core', () => {
  it('parses Horizon amounts exactly', () => {
    expect(stroops('25.5000000')).toBe(255_000_000n);
    expect(stroops('0.0000001')).toBe(1n);
    expect(stroops('922337203685.4775807')).toBe(MAX_STROOPS);
    expect(stroops('12')).toBe(120_000_000n);
  });

  it('refuses anything inexact or out of range', () => {
    for (const bad of [
      '0.00000001',
      '1.00000001',
      '-1.0',
      '1e3',
      '',
      '.5',
      '1.',
      '01.0',
      '922337203685.4775808',
      ' 1',
      '1,5',
    ]) {
      expect(() => stroops(bad), bad).toThrow(RangeError);
    }
  });

  it('formats the shortest exact decimal and round-trips', () => {
    expect(formatUnits(255_000_000n, STELLAR_DECIMALS, { max: MAX_STROOPS })).toBe('25.5');
    expect(formatUnits(1n, STELLAR_DECIMALS, { max: MAX_STROOPS })).toBe('0.0000001');
    expect(formatUnits(10_000_000n, STELLAR_DECIMALS, { max: MAX_STROOPS })).toBe('1');
    expect(formatUnits(MAX_STROOPS, STELLAR_DECIMALS, { max: MAX_STROOPS })).toBe('922337203685.4775807');
    expect(() => formatUnits(-1n, STELLAR_DECIMALS, { max: MAX_STROOPS })).toThrow(RangeError);
    expect(() => formatUnits(MAX_STROOPS + 1n, STELLAR_DECIMALS, { max: MAX_STROOPS })).toThrow(
      /above the maximum/,
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_STROOPS }), (amount) => {
        expect(stroops(formatUnits(amount, STELLAR_DECIMALS, { max: MAX_STROOPS }))).toBe(amount);
      }),
    );
  });
});
