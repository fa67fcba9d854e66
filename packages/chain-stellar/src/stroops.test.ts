import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatStroops, MAX_STROOPS, parseStroops } from './stroops.js';

describe('stroops', () => {
  it('parses Horizon amounts exactly', () => {
    expect(parseStroops('25.5000000')).toBe(255_000_000n);
    expect(parseStroops('0.0000001')).toBe(1n);
    expect(parseStroops('922337203685.4775807')).toBe(MAX_STROOPS);
    expect(parseStroops('12')).toBe(120_000_000n);
  });

  it('refuses anything inexact or out of range', () => {
    for (const bad of [
      '0.00000001',
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
      expect(() => parseStroops(bad), bad).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
    }
  });

  it('formats the shortest exact decimal and round-trips', () => {
    expect(formatStroops(255_000_000n)).toBe('25.5');
    expect(formatStroops(1n)).toBe('0.0000001');
    expect(formatStroops(10_000_000n)).toBe('1');
    expect(() => formatStroops(-1n)).toThrow();
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_STROOPS }), (stroops) => {
        expect(parseStroops(formatStroops(stroops))).toBe(stroops);
      }),
    );
  });
});
