import * as z from 'zod';

/**
 * The languages the customer's pages (checkout, invoice, payment link) and the invoice mails are
 * written in: BCP 47 tags. English is the default.
 */
export const CUSTOMER_LANGUAGES = [
  'en',
  'es',
  'pt-BR',
  'fr',
  'de',
  'it',
  'nl',
  'tr',
  'ja',
  'zh-CN',
  'ko',
  'ar',
] as const;

/** One of {@link CUSTOMER_LANGUAGES}. */
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

export const CustomerLanguageSchema = z.enum(CUSTOMER_LANGUAGES).meta({
  id: 'CustomerLanguage',
  description:
    'A language of the customer pages and mails (BCP 47): English, Spanish, Portuguese (Brazil), French, German, Italian, Dutch, Turkish, Japanese, Simplified Chinese, Korean, Arabic.',
  example: 'es',
});
