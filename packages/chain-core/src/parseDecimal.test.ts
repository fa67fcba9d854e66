import { describe, expect, it } from 'vitest';
import { MAX_DECIMAL_LENGTH, parseDecimal } from './parseDecimal.js';

describe('parseDecimal', () => {
  it.each([
    ['49.90', 4990n, 2],
    ['0.0125', 125n, 4],
    ['64250.123456789', 64250123456789n, 9],
    ['0', 0n, 0],
    ['0.0', 0n, 1],
    ['25', 25n, 0],
    ['0.000000000000000001', 1n, 18],
    ['100.00', 10000n, 2],
    ['123456789012345678901234567890.5', 1234567890123456789012345678905n, 1],
  ])('parses %s', (text, units, scale) => {
    expect(parseDecimal(text)).toEqual({ units, scale });
  });

  it.each([
    '',
    ' 1',
    '1 ',
    '\n1',
    '-1',
    '+1',
    '.5',
    '5.',
    '.',
    '1.2.3',
    '007',
    '00',
    '01.5',
    '1e5',
    '1E5',
    '1e-8',
    '1,000',
    '1,5',
    '1_000',
    'NaN',
    'Infinity',
    '0x10',
    '１',
    '١',
  ])('rejects %j', (text) => {
    expect(() => parseDecimal(text)).toThrow(RangeError);
  });

  it('names the text it refuses, cut to 40 characters', () => {
    expect(() => parseDecimal('1e3')).toThrow('Not a decimal string: "1e3"');
    expect(() => parseDecimal(`x${'1'.repeat(50)}`)).toThrow(`Not a decimal string: "x${'1'.repeat(39)}..."`);
  });

  it('rejects non-strings', () => {
    expect(() => parseDecimal(12 as unknown as string)).toThrow('Not a decimal string: number');
    expect(() => parseDecimal({ value: '1' } as unknown as string)).toThrow(RangeError);
  });

  it('rejects strings longer than MAX_DECIMAL_LENGTH', () => {
    expect(parseDecimal('9'.repeat(MAX_DECIMAL_LENGTH)).scale).toBe(0);
    expect(() => parseDecimal('9'.repeat(MAX_DECIMAL_LENGTH + 1))).toThrow(RangeError);
  });
});
