import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDrops, MAX_DROPS } from './formatDrops.js';
import { parseDrops } from './parseDrops.js';
import { parseXrp } from './parseXrp.js';
import { XrpAdapterError } from './XrpAdapterError.js';

describe('formatDrops', () => {
  it('writes decimal XRP exactly, without trailing zeros', () => {
    expect(formatDrops(0n)).toBe('0');
    expect(formatDrops(1n)).toBe('0.000001');
    expect(formatDrops(1_000_000n)).toBe('1');
    expect(formatDrops(1_500_000n)).toBe('1.5');
    expect(formatDrops(123_456_789n)).toBe('123.456789');
    expect(formatDrops(MAX_DROPS)).toBe('100000000000');
  });

  it('refuses negative amounts and more XRP than exists', () => {
    expect(() => formatDrops(-1n)).toThrow(XrpAdapterError);
    expect(() => formatDrops(MAX_DROPS + 1n)).toThrow(/not an XRP amount/);
  });
});

describe('parseXrp', () => {
  it('reads decimal XRP into drops exactly', () => {
    expect(parseXrp('1.5')).toBe(1_500_000n);
    expect(parseXrp('0.000001')).toBe(1n);
    expect(parseXrp('12')).toBe(12_000_000n);
    expect(parseXrp('1.500000000')).toBe(1_500_000n);
    expect(parseXrp('100000000000')).toBe(MAX_DROPS);
  });

  it('refuses anything inexact or not a plain decimal', () => {
    for (const text of [
      '',
      '.5',
      '5.',
      '-1',
      '+1',
      '1e6',
      ' 1',
      '1,5',
      '0.0000001',
      '100000000000.000001',
      'NaN',
    ]) {
      expect(() => parseXrp(text), text).toThrow(XrpAdapterError);
    }
  });

  it('round-trips every amount through formatDrops (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_DROPS }), (drops) => {
        expect(parseXrp(formatDrops(drops))).toBe(drops);
      }),
    );
  });
});

describe('parseDrops', () => {
  it('reads rippled drop strings', () => {
    expect(parseDrops('0')).toBe(0n);
    expect(parseDrops('1000000')).toBe(1_000_000n);
    expect(parseDrops(MAX_DROPS.toString())).toBe(MAX_DROPS);
  });

  it('refuses decimals, signs, exponents, token objects and too much XRP', () => {
    for (const text of [
      '',
      '1.0',
      '-5',
      '+5',
      '1e6',
      ' 5',
      '0x10',
      (MAX_DROPS + 1n).toString(),
      '1'.repeat(19),
    ]) {
      expect(() => parseDrops(text), text).toThrow(XrpAdapterError);
    }
    expect(() => parseDrops({ value: '1' } as unknown as string)).toThrow(XrpAdapterError);
  });

  it('round-trips decimal strings (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_DROPS }), (drops) => {
        expect(parseDrops(drops.toString())).toBe(drops);
      }),
    );
  });
});
