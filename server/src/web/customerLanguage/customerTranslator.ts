import { IntlMessageFormat } from 'intl-messageformat';
import { CUSTOMER_CATALOGUES, type CustomerCatalogue } from './customerCatalogues.js';
import { type CustomerLocale, customerLocaleInfo } from './customerLocales.js';

/** A key of the customer catalogue. */
export type CustomerMessageKey = keyof CustomerCatalogue;

/** A message's placeholder values: text, or a count for a plural. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** Formats message `key` of one language with its placeholder values. */
export type Translate = (key: CustomerMessageKey, values?: MessageValues) => string;

const translators = new Map<CustomerLocale, Translate>();

/**
 * The translator of language `tag`: ICU messages parsed once (on first use) and formatted with the
 * language's plural rules and number format.
 */
export function translatorFor(tag: CustomerLocale): Translate {
  const known = translators.get(tag);
  if (known) return known;
  const catalogue = CUSTOMER_CATALOGUES[tag];
  const intl = customerLocaleInfo(tag).intl;
  const parsed = new Map<CustomerMessageKey, IntlMessageFormat>();
  const translate: Translate = (key, values) => {
    let format = parsed.get(key);
    if (!format) {
      format = new IntlMessageFormat(catalogue[key], intl);
      parsed.set(key, format);
    }
    return String(format.format(values as Record<string, string | number> | undefined));
  };
  translators.set(tag, translate);
  return translate;
}
