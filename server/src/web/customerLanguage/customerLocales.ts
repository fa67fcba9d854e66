import { CUSTOMER_LANGUAGES, type CustomerLanguage } from '@cairn/contract';

/** A language a customer can read Cairn's pages and mails in. */
export interface CustomerLocaleInfo {
  /** The BCP 47 tag: `lang` of the page, the `?lang=` value, the cookie and the invoice's `language`. */
  readonly tag: string;
  /** Its own name, as the language menu shows it. */
  readonly name: string;
  /** The locale Intl formats numbers, money and dates with. */
  readonly intl: string;
  readonly dir: 'ltr' | 'rtl';
}

/** A language tag Cairn has a catalogue for: the contract's list (`CUSTOMER_LANGUAGES`). */
export type CustomerLocale = CustomerLanguage;

/** How each language is named, formatted and written (a language the contract adds fails to compile here). */
const FACTS: Readonly<Record<CustomerLocale, Omit<CustomerLocaleInfo, 'tag'>>> = {
  en: { name: 'English', intl: 'en-US', dir: 'ltr' },
  es: { name: 'Español', intl: 'es-ES', dir: 'ltr' },
  'pt-BR': { name: 'Português (Brasil)', intl: 'pt-BR', dir: 'ltr' },
  fr: { name: 'Français', intl: 'fr-FR', dir: 'ltr' },
  de: { name: 'Deutsch', intl: 'de-DE', dir: 'ltr' },
  it: { name: 'Italiano', intl: 'it-IT', dir: 'ltr' },
  nl: { name: 'Nederlands', intl: 'nl-NL', dir: 'ltr' },
  tr: { name: 'Türkçe', intl: 'tr-TR', dir: 'ltr' },
  ja: { name: '日本語', intl: 'ja-JP', dir: 'ltr' },
  'zh-CN': { name: '简体中文', intl: 'zh-CN', dir: 'ltr' },
  ko: { name: '한국어', intl: 'ko-KR', dir: 'ltr' },
  ar: { name: 'العربية', intl: 'ar', dir: 'rtl' },
};

/** The twelve languages in the contract's order, English first (the default and the reference catalogue). */
export const CUSTOMER_LOCALES: readonly (CustomerLocaleInfo & { readonly tag: CustomerLocale })[] =
  CUSTOMER_LANGUAGES.map((tag) => ({ tag, ...FACTS[tag] }));

export const DEFAULT_CUSTOMER_LOCALE: CustomerLocale = 'en';

const BY_LOWER_TAG = new Map<string, CustomerLocaleInfo>(
  CUSTOMER_LOCALES.map((l) => [l.tag.toLowerCase(), l]),
);

/** The language of tag `value` (case-insensitive: `pt-br` is `pt-BR`), or undefined when Cairn has none. */
export function customerLocaleOf(value: string | undefined | null): CustomerLocale | undefined {
  return value
    ? (BY_LOWER_TAG.get(value.trim().toLowerCase())?.tag as CustomerLocale | undefined)
    : undefined;
}

/** The facts of a language Cairn has. */
export function customerLocaleInfo(tag: CustomerLocale): CustomerLocaleInfo {
  return { tag, ...FACTS[tag] };
}
