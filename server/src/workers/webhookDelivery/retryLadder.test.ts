import { describe, expect, it } from 'vitest';
import {
  JITTER,
  LONGEST_RETRY_DELAY_MS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  retryDelayMs,
} from './retryLadder.js';

describe('retry ladder (docs/webhooks.md, Retries)', () => {
  it('is 10s, 30s, 2m, 10m, 30m, 2h, 8h, 24h: 9 attempts in total', () => {
    expect(RETRY_DELAYS_MS).toEqual([10e3, 30e3, 120e3, 600e3, 1800e3, 7200e3, 28800e3, 86400e3]);
    expect(MAX_ATTEMPTS).toBe(9);
    expect(JITTER).toBe(0.25);
  });

  it('jitters each delay within ±25 %, reaching both ends', () => {
    RETRY_DELAYS_MS.forEach((base, index) => {
      expect(retryDelayMs(index + 1, () => 0)).toBe(base * 0.75);
      expect(retryDelayMs(index + 1, () => 0.5)).toBe(base);
      expect(retryDelayMs(index + 1, () => 0.999_999_999)).toBe(base * 1.25);
      for (let i = 0; i < 200; i++) {
        const delay = retryDelayMs(index + 1, Math.random);
        expect(delay).toBeGreaterThanOrEqual(base * 0.75);
        expect(delay).toBeLessThanOrEqual(base * 1.25);
      }
    });
    expect(() => retryDelayMs(9, Math.random)).toThrow(RangeError);
  });

  it('honours Retry-After only within the ladder bounds', () => {
    expect(retryDelayMs(1, () => 0.5, 60_000)).toBe(60_000);
    expect(retryDelayMs(1, () => 0.5, 7_500)).toBe(7_500);
    expect(retryDelayMs(1, () => 0.5, 7_499)).toBe(10_000);
    expect(retryDelayMs(3, () => 0.5, 60_000)).toBe(120_000);
    expect(retryDelayMs(1, () => 0.5, LONGEST_RETRY_DELAY_MS)).toBe(LONGEST_RETRY_DELAY_MS);
    expect(retryDelayMs(1, () => 0.5, LONGEST_RETRY_DELAY_MS + 1)).toBe(10_000);
  });
});
