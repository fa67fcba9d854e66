import { describe, expect, it } from 'vitest';
import { parseDayFilter } from './dayFilter.js';

describe('parseDayFilter', () => {
  it('gives a day as its first instant and the next day’s, exclusive', () => {
    expect(parseDayFilter('2026-05-04')).toEqual({
      start: new Date('2026-05-04T00:00:00Z'),
      end: new Date('2026-05-05T00:00:00Z'),
    });
    expect(parseDayFilter('0001-01-01')).toEqual({
      start: new Date('0001-01-01T00:00:00Z'),
      end: new Date('0001-01-02T00:00:00Z'),
    });
  });

  it('has no end after the last day of year 9999 (its next day would be year 10000)', () => {
    expect(parseDayFilter('9999-12-31')).toEqual({ start: new Date('9999-12-31T00:00:00Z'), end: undefined });
    expect(parseDayFilter('9999-12-30')).toEqual({
      start: new Date('9999-12-30T00:00:00Z'),
      end: new Date('9999-12-31T00:00:00Z'),
    });
  });

  it('refuses malformed dates and days out of range with a message', () => {
    for (const text of ['2026-02-30', '2026-13-01', '2026-5-4', '20260504', '+10000-01-01', ' 2026-05-04'])
      expect(parseDayFilter(text)).toEqual({ error: 'Enter a date as YYYY-MM-DD.' });
    expect(parseDayFilter('0000-12-31')).toEqual({ error: 'Enter a date from 0001-01-01 to 9999-12-31.' });
  });
});
