import { describe, expect, it } from 'vitest';
import { parseReportRange } from './reportRange.js';

const NOW = new Date('2026-03-10T23:30:00Z');

describe('parseReportRange', () => {
  it('resolves the presets to whole UTC days ending today, 30 days by default', () => {
    const days = (range?: string) => {
      const r = parseReportRange(range ? { range } : {}, NOW);
      return 'errors' in r ? r.errors : [r.from, r.to];
    };
    expect(days()).toEqual(['2026-02-09', '2026-03-10']);
    expect(days('7d')).toEqual(['2026-03-04', '2026-03-10']);
    expect(days('30d')).toEqual(['2026-02-09', '2026-03-10']);
    expect(days('this_month')).toEqual(['2026-03-01', '2026-03-10']);
    expect(days('last_month')).toEqual(['2026-02-01', '2026-02-28']);
    // January's last month is December of the year before.
    const january = parseReportRange({ range: 'last_month' }, new Date('2027-01-05T00:00:00Z'));
    expect(january).toMatchObject({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('takes custom dates, inclusive, up to 366 days; dates alone mean custom', () => {
    expect(parseReportRange({ range: 'custom', from: '2026-01-01', to: '2026-01-01' }, NOW)).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-01',
    });
    expect(parseReportRange({ from: '2024-01-01', to: '2024-12-31' }, NOW)).toMatchObject({
      form: { preset: 'custom' },
      from: '2024-01-01',
      to: '2024-12-31',
    });
  });

  it('refuses bad dates, reversed and too long ranges, and unknown presets, with a message per field', () => {
    const errors = (query: Record<string, string>) => {
      const r = parseReportRange(query, NOW);
      return 'errors' in r ? r.errors : undefined;
    };
    expect(errors({ range: 'custom' })).toEqual({
      from: 'Enter the first day of the range.',
      to: 'Enter the last day of the range.',
    });
    expect(errors({ range: 'custom', from: '2026-02-30', to: '2026-03-01' })).toEqual({
      from: 'Enter a date as YYYY-MM-DD.',
    });
    expect(errors({ range: 'custom', from: '2026-03-02', to: '2026-03-01' })).toEqual({
      to: 'The last day is before the first day.',
    });
    expect(errors({ range: 'custom', from: '2025-01-01', to: '2026-01-02' })).toEqual({
      to: 'A report covers at most 366 days; this range has 367.',
    });
    expect(errors({ range: 'yesterday' })).toEqual({ range: 'Choose one of the ranges listed.' });
  });
});
