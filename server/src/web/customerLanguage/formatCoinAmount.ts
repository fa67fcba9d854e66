/**
 * A decimal coin amount (`0.003334`, as `readableAmount` writes it) in the customer's number format:
 * `0,003334` in German, with every decimal place kept and no grouping, so what a customer reads is what
 * the amount is. The string goes to Intl as a string (ES2023), never through a JS number.
 */
export function formatCoinAmount(decimal: string, intlLocale: string): string {
  const places = decimal.split('.')[1]?.length ?? 0;
  const format = new Intl.NumberFormat(intlLocale, {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
    useGrouping: false,
  });
  // Intl.NumberFormat takes decimal strings (ES2023) but TypeScript's lib still types number | bigint.
  return format.format(decimal as unknown as number);
}
