/** A UTC calendar day (`2026-12-31`) written out in the customer's language, e.g. `December 31, 2026`. */
export function formatCalendarDay(day: string, intlLocale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
