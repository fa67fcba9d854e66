import { describe, expect, it } from 'vitest';
import { amountFieldError, decimalCommaAdvice } from './amountFieldError.js';

const API = 'must be a decimal string such as "49.90" (at most 15 digits before the point)';

describe('amountFieldError', () => {
  it('tells a merchant who typed a decimal comma to use a dot, with their amount rewritten', () => {
    expect(amountFieldError('9,99', API)).toBe('Use a dot for decimals, e.g. 9.99');
    expect(amountFieldError(' 1.234,50 ', API)).toBe('Use a dot for decimals, e.g. 1234.50');
  });

  it('asks for the amount without thousands separators', () => {
    expect(amountFieldError('12,345.00', API)).toBe('Leave out the thousands separators, e.g. 12345.00');
  });

  it('gives an example for any other malformed amount, never the API wording', () => {
    for (const typed of ['abc', '€5', '5 EUR', '', '1e3']) {
      const message = amountFieldError(typed, API);
      expect(message).toBe('Enter an amount such as 49.90');
      expect(message).not.toContain('decimal string');
    }
    expect(amountFieldError('x', API, '0.015')).toBe('Enter an amount such as 0.015');
  });

  it('keeps the sense of zero, too many decimals and too large', () => {
    expect(amountFieldError('0', 'must be greater than zero')).toBe('Enter an amount greater than zero.');
    expect(amountFieldError('1.999', 'EUR has 2 decimal place(s); got 3')).toBe(
      'EUR has 2 decimal place(s); got 3.',
    );
    expect(amountFieldError('1234567890123456', API)).toBe('Enter a smaller amount such as 49.90');
  });
});

describe('decimalCommaAdvice', () => {
  it('advises only on an amount with a decimal comma', () => {
    expect(decimalCommaAdvice('0,015')).toBe('Use a dot for decimals, e.g. 0.015');
    expect(decimalCommaAdvice('0.015')).toBeUndefined();
    expect(decimalCommaAdvice('abc')).toBeUndefined();
  });
});
