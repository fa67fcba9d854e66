import { match } from '@formatjs/intl-localematcher';
import { CUSTOMER_LOCALES, type CustomerLocale, DEFAULT_CUSTOMER_LOCALE } from './customerLocales.js';

const AVAILABLE = CUSTOMER_LOCALES.map((l) => l.tag);

/** The languages of an `Accept-Language` header, most wanted first (`*` and q=0 left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranked = header.split(',').flatMap((part, index) => {
    const [range = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    const tag = range.trim();
    if (!tag || tag === '*' || !(weight > 0)) return [];
    try {
      return [{ tag: Intl.getCanonicalLocales(tag)[0] ?? tag, weight, index }];
    } catch {
      return [];
    }
  });
  return ranked.sort((a, b) => b.weight - a.weight || a.index - b.index).map((r) => r.tag);
}

/**
 * The customer's language from an `Accept-Language` header: the best of Cairn's twelve by the
 * lookup-and-fit rules of `Intl` (es-MX reads Spanish, pt reads Brazilian Portuguese, zh-Hans-SG reads
 * Simplified Chinese), English when none fits.
 */
export function negotiateCustomerLocale(header: string | undefined): CustomerLocale {
  const wanted = acceptedLanguages(header);
  if (wanted.length === 0) return DEFAULT_CUSTOMER_LOCALE;
  return match(wanted, AVAILABLE, DEFAULT_CUSTOMER_LOCALE, { algorithm: 'best fit' }) as CustomerLocale;
}
