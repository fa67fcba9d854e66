import { describe, expect, it } from 'vitest';
import { customerLocaleOf } from './customerLocales.js';
import { acceptedLanguages, negotiateCustomerLocale } from './negotiateCustomerLocale.js';

describe('negotiateCustomerLocale', () => {
  it.each([
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['zh-Hans-SG', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['de-CH;q=0.5, fr;q=0.9', 'fr'],
    ['sv, de;q=0.1', 'de'],
    ['ar-EG', 'ar'],
    ['ja-JP', 'ja'],
    ['ko-KR,ko;q=0.9', 'ko'],
    ['nl-BE', 'nl'],
    ['tr-TR', 'tr'],
    ['it-CH', 'it'],
    ['en-GB', 'en'],
  ])('reads %s as %s', (header, wanted) => {
    expect(negotiateCustomerLocale(header)).toBe(wanted);
  });

  it('falls back to English for no header, a wildcard, a refused language or nonsense', () => {
    for (const header of [undefined, '', '*', 'sv', 'de;q=0', '!!!, ;q=x']) {
      expect(negotiateCustomerLocale(header)).toBe('en');
    }
  });

  it('orders by q, then by position', () => {
    expect(acceptedLanguages('fr;q=0.5, de, ja;q=0.5, *;q=0.1')).toEqual(['de', 'fr', 'ja']);
  });

  it('knows a tag whatever its case, and nothing else', () => {
    expect(customerLocaleOf('PT-br')).toBe('pt-BR');
    expect(customerLocaleOf('zh-cn')).toBe('zh-CN');
    expect(customerLocaleOf('xx')).toBeUndefined();
    expect(customerLocaleOf(undefined)).toBeUndefined();
  });
});
