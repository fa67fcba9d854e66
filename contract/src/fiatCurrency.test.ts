import { describe, expect, it } from 'vitest';
import { isIsoCurrency, supportedFiatCurrencies } from './fiatCurrency.js';

describe('supportedFiatCurrencies', () => {
  it('lists, sorted, exactly codes that fiat_currency accepts', () => {
    const codes = supportedFiatCurrencies();
    expect(codes).toContain('USD');
    expect(codes).toContain('EUR');
    expect(codes).toContain('JPY');
    expect([...codes].sort()).toEqual(codes);
    expect(codes.every(isIsoCurrency)).toBe(true);
  });
});
