import { formatUnits, parseUnits } from '@cairn/chain-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DROPS, XRP_DECIMALS } from './xrpUnits.js';

describe('XRP amounts through chain-core', () => {
  it('writes decimal XRP exactly, without trailing zeros, up to MAX_DROPS', () => {
    expect(formatUnits(0n, XRP_DECIMALS, { max: MAX_DROPS })).toBe('0');
    expect(formatUnits(1n, XRP_DECIMALS, { max: MAX_DROPS })).toBe('0.000001');
    expect(formatUnits(1_000_000n, XRP_DECIMALS, { max: MAX_DROPS })).toBe('1');
    expect(formatUnits(1_500_000n, XRP_DECIMALS, { max: MAX_DROPS })).toBe('1.5');
    expect(formatUnits(123_456_789n, XRP_DECIMALS, { max: MAX_DROPS })).toBe('123.456789');
    expect(formatUnits(MAX_DROPS, XRP_DECIMALS, { max: MAX_DROPS })).toBe('100000000000');
    expect(() => formatUnits(-1n, XRP_DECIMALS, { max: MAX_DROPS })).toThrow(RangeError);
    expect(() => formatUnits(MAX_DROPS + 1n, XRP_DECIMALS, { max: MAX_DROPS })).toThrow(/above the maximum/);
  });

  it('reads decimal XRP into drops exactly, refusing anything inexact, unplain or above MAX_DROPS', () => {
    const xrp = (text: string) => parseUnits(text, XRP_DECIMALS, { max: MAX_DROPS });
    expect(xrp('1.5')).toBe(1_500_000n);
    expect(xrp('0.000001')).toBe(1n);
    expect(xrp('12')).toBe(12_000_000n);
    expect(xrp('1.500000')).toBe(1_500_000n);
    expect(xrp('100000000000')).toBe(MAX_DROPS);
    for (const text of ['', '.5', '5.', '-1', '+1', '1e6', ' 1', '1,5', '0.0000001', '100000000000.000001']) {
      expect(() => xrp(text), text).toThrow(RangeError);
    }
  });

  it("reads rippled's drop strings, refusing decimals, signs, exponents, token objects and too much XRP", () => {
    const drops = (text: string) => parseUnits(text, 0, { max: MAX_DROPS });
    expect(drops('0')).toBe(0n);
    expect(drops('1000000')).toBe(1_000_000n);
    expect(drops(MAX_DROPS.toString())).toBe(MAX_DROPS);
    for (const text of [
      '',
      '1.5',
      '-5',
      '+5',
      '1e6',
      ' 5',
      '0x10',
      (MAX_DROPS + 1n).toString(),
      '1'.repeat(19),
    ]) {
      expect(() => drops(text), text).toThrow(RangeError);
    }
    expect(() => drops({ value: '1' } as unknown as string)).toThrow(RangeError);
  });

  it('round-trips every XRP amount (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_DROPS }), (amount) => {
        const bounds = { max: MAX_DROPS };
        expect(parseUnits(formatUnits(amount, XRP_DECIMALS, { max: MAX_DROPS }), XRP_DECIMALS, bounds)).toBe(
          amount,
        );
        expect(parseUnits(formatUnits(amount, 0, bounds), 0, bounds)).toBe(amount);
      }),
    );
  });
});
