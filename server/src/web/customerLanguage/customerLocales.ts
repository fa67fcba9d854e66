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

/** The twelve languages, English first (the default and the reference catalogue). */
export const CUSTOMER_LOCALES = [
  { tag: 'en', name: 'English', intl: 'en-US', dir: 'ltr' },
  { tag: 'es', name: 'Español', intl: 'es-ES', dir: 'ltr' },
  { tag: 'pt-BR', name: 'Português (Brasil)', intl: 'pt-BR', dir: 'ltr' },
  { tag: 'fr', name: 'Français', intl: 'fr-FR', dir: 'ltr' },
  { tag: 'de', name: 'Deutsch', intl: 'de-DE', dir: 'ltr' },
  { tag: 'it', name: 'Italiano', intl: 'it-IT', dir: 'ltr' },
  { tag: 'nl', name: 'Nederlands', intl: 'nl-NL', dir: 'ltr' },
  { tag: 'tr', name: 'Türkçe', intl: 'tr-TR', dir: 'ltr' },
  { tag: 'ja', name: '日本語', intl: 'ja-JP', dir: 'ltr' },
  { tag: 'zh-CN', name: '简体中文', intl: 'zh-CN', dir: 'ltr' },
  { tag: 'ko', name: '한국어', intl: 'ko-KR', dir: 'ltr' },
  { tag: 'ar', name: 'العربية', intl: 'ar', dir: 'rtl' },
] as const satisfies readonly CustomerLocaleInfo[];

/** A language tag Cairn has a catalogue for. */
export type CustomerLocale = (typeof CUSTOMER_LOCALES)[number]['tag'];

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
  return BY_LOWER_TAG.get(tag.toLowerCase()) ?? CUSTOMER_LOCALES[0];
}
