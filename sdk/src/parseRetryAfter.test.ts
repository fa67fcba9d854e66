import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './parseRetryAfter.js';

const NOW = Date.parse('2026-11-21T10:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120],
    [' 3 ', 3],
    ['0', 0],
    ['1.5', 1.5],
    ['Sat, 21 Nov 2026 10:00:30 GMT', 30],
    ['Sat, 21 Nov 2026 09:59:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
    [null, undefined],
  ])('reads %o as %o seconds', (header, seconds) => {
    expect(parseRetryAfter(header, NOW)).toBe(seconds);
  });
});
