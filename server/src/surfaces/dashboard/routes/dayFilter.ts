const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * The first and last day a list's date filter accepts: the years the API's `created_gte` and
 * `created_lt` accept (year 0000 is no date PostgreSQL stores).
 */
export const FIRST_FILTER_DAY = '0001-01-01';
export const LAST_FILTER_DAY = '9999-12-31';

/** A date filter (`from`, `to`) as a time range, or the message to show beside the field. */
export type DayFilter = { readonly start: Date; readonly end: Date | undefined } | { readonly error: string };

/**
 * A `YYYY-MM-DD` filter date as the UTC day it names: `start` its first instant, `end` the first
 * instant of the next day (exclusive), or undefined for the last day of year 9999 (nothing is created
 * after it, and its next day is no date PostgreSQL or the API writes). Malformed dates (`2026-02-30`)
 * and days outside {@link FIRST_FILTER_DAY} to {@link LAST_FILTER_DAY} give the message instead.
 *
 * @example
 * ```ts
 * parseDayFilter('2026-05-04'); // { start: 2026-05-04T00:00Z, end: 2026-05-05T00:00Z }
 * parseDayFilter('9999-12-31'); // { start: 9999-12-31T00:00Z, end: undefined }
 * parseDayFilter('0000-01-01'); // { error: 'Enter a date from 0001-01-01 to 9999-12-31.' }
 * ```
 */
export function parseDayFilter(text: string): DayFilter {
  if (!DATE.test(text)) return { error: 'Enter a date as YYYY-MM-DD.' };
  const start = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== text)
    return { error: 'Enter a date as YYYY-MM-DD.' };
  if (text < FIRST_FILTER_DAY || text > LAST_FILTER_DAY)
    return { error: `Enter a date from ${FIRST_FILTER_DAY} to ${LAST_FILTER_DAY}.` };
  return { start, end: text === LAST_FILTER_DAY ? undefined : new Date(start.getTime() + DAY_MS) };
}
