/**
 * ISO 4217 currency facts from the runtime's Intl data (no bundled table to go stale).
 */

let known: ReadonlySet<string> | undefined;

/** Whether `code` is an ISO 4217 currency code the runtime knows. */
export function isIsoCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  known ??= new Set(Intl.supportedValuesOf('currency'));
  return known.has(code);
}

const minorUnits = new Map<string, number>();

/** Minor-unit digits of an ISO 4217 currency (2 for EUR, 0 for JPY, 3 for BHD). */
export function minorUnitsOf(code: string): number {
  let digits = minorUnits.get(code);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits as number;
    minorUnits.set(code, digits);
  }
  return digits;
}

let listed: readonly string[] | undefined;

/**
 * Every currency code {@link isIsoCurrency} accepts (the runtime's ISO 4217 list), sorted: what a
 * form offers as the fiat currency of a payment, a payment link or an invoice.
 */
export function supportedFiatCurrencies(): readonly string[] {
  listed ??= Intl.supportedValuesOf('currency')
    .filter((code) => /^[A-Z]{3}$/.test(code))
    .sort();
  return listed;
}
