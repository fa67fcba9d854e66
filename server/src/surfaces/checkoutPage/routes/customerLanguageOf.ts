import type { FastifyRequest } from 'fastify';
import { type CustomerLocale, customerLocaleOf } from '../../../web/customerLanguage/customerLocales.js';
import { negotiateCustomerLocale } from '../../../web/customerLanguage/negotiateCustomerLocale.js';

/** The cookie that remembers the language a customer chose on a page. */
export const LANGUAGE_COOKIE = 'cairn_lang';

/** The language the customer asked for on this request (`?lang=`), when it is one Cairn has. */
export function requestedLanguageOf(request: FastifyRequest): CustomerLocale | undefined {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  return typeof lang === 'string' ? customerLocaleOf(lang) : undefined;
}

/**
 * The language of a customer page, first of: the one asked for in the URL (`?lang=`, from the language
 * menu), the one remembered in the cookie, `preferred` (an invoice's language, set by the merchant),
 * and the best match of the browser's `Accept-Language`; English when none fits.
 */
export function customerLanguageOf(request: FastifyRequest, preferred?: CustomerLocale): CustomerLocale {
  return (
    requestedLanguageOf(request) ??
    customerLocaleOf(request.cookies?.[LANGUAGE_COOKIE]) ??
    preferred ??
    negotiateCustomerLocale(request.headers['accept-language'])
  );
}
