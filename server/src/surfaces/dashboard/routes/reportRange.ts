import { MAX_REPORT_DAYS } from '../../../domain/reports/loadPaymentReport.js';
import type { ReportPreset, ReportRangeForm } from '../render/reportsPage.js';
import { parseDayFilter } from './dayFilter.js';

/** The report page's range choices: four presets and a custom pair of dates. */
export const REPORT_PRESETS: readonly ReportPreset[] = ['7d', '30d', 'this_month', 'last_month', 'custom'];

/** A range resolved to whole UTC days, or the form with a message per field. */
export type ReportRange =
  | { readonly form: ReportRangeForm; readonly from: string; readonly to: string }
  | { readonly form: ReportRangeForm; readonly errors: Readonly<Record<string, string>> };

const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A preset's first and last UTC day, today (by `now`) being the last day of the rolling ones. */
function presetDays(preset: Exclude<ReportPreset, 'custom'>, now: Date): { from: string; to: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const today = Date.UTC(year, month, now.getUTCDate());
  switch (preset) {
    case '7d':
      return { from: dayText(today - 6 * DAY_MS), to: dayText(today) };
    case '30d':
      return { from: dayText(today - 29 * DAY_MS), to: dayText(today) };
    case 'this_month':
      return { from: dayText(Date.UTC(year, month, 1)), to: dayText(today) };
    case 'last_month':
      return { from: dayText(Date.UTC(year, month - 1, 1)), to: dayText(Date.UTC(year, month, 1) - DAY_MS) };
  }
}

/**
 * The report's range from its GET query: `range` one of {@link REPORT_PRESETS} (default `30d`), and
 * for `custom` the `from` and `to` dates (`YYYY-MM-DD`, UTC days, inclusive). Custom dates given without
 * a `range` mean `custom`. Refused with a message beside the field: a missing or malformed date, an end
 * before the start, a range longer than {@link MAX_REPORT_DAYS} days, an unknown preset.
 *
 * @example
 * ```ts
 * parseReportRange({ range: 'last_month' }, new Date('2026-03-10T12:00:00Z'));
 * // { form: { preset: 'last_month', from: '2026-02-01', to: '2026-02-28' }, from: '2026-02-01', to: '2026-02-28' }
 * ```
 */
export function parseReportRange(query: Readonly<Record<string, unknown>>, now: Date): ReportRange {
  const from = text(query.from);
  const to = text(query.to);
  const asked = text(query.range) || (from || to ? 'custom' : '30d');
  if (!(REPORT_PRESETS as readonly string[]).includes(asked)) {
    return {
      form: { preset: '30d', from, to },
      errors: { range: 'Choose one of the ranges listed.' },
    };
  }
  const preset = asked as ReportPreset;
  if (preset !== 'custom') {
    const days = presetDays(preset, now);
    return { form: { preset, ...days }, ...days };
  }
  const form = { preset, from, to };
  const errors: Record<string, string> = {};
  const start = from ? parseDayFilter(from) : { error: 'Enter the first day of the range.' };
  const last = to ? parseDayFilter(to) : { error: 'Enter the last day of the range.' };
  if ('error' in start) errors.from = start.error;
  if ('error' in last) errors.to = last.error;
  if ('start' in start && 'start' in last) {
    const days = Math.round((last.start.getTime() - start.start.getTime()) / DAY_MS) + 1;
    if (days < 1) errors.to = 'The last day is before the first day.';
    else if (days > MAX_REPORT_DAYS)
      errors.to = `A report covers at most ${MAX_REPORT_DAYS} days; this range has ${days}.`;
  }
  if (Object.keys(errors).length > 0) return { form, errors };
  return { form, from, to };
}
