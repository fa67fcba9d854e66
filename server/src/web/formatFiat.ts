/**
 * A fiat amount for display, e.g. `$25.00` or `25,00 €` depending on the locale. The decimal string
 * goes to Intl as a string, so no precision is lost to a JS number.
 */
export function formatFiat(amount: string, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    // Intl.NumberFormat takes decimal strings (ES2023) but TypeScript's lib still types number | bigint.
    return format.format(amount as unknown as number);
  } catch {
    return `${amount} ${currency}`;
  }
}
