import { describe, expect, it } from 'vitest';
import { matchesEventPattern } from './matchesEventPattern.js';

describe('matchesEventPattern', () => {
  it('matches names, globs and comma lists; nothing given matches all', () => {
    expect(matchesEventPattern(undefined, 'payment.confirmed')).toBe(true);
    expect(matchesEventPattern('payment.*', 'payment.confirmed')).toBe(true);
    expect(matchesEventPattern('payment.*', 'invoice.paid')).toBe(false);
    expect(matchesEventPattern('invoice.paid, payment.confirmed', 'payment.confirmed')).toBe(true);
    expect(matchesEventPattern('payment.confirmed', 'payment.confirming')).toBe(false);
    expect(matchesEventPattern('payment.c*', 'payment.cancelled')).toBe(true);
    // A dot is a dot, not any character.
    expect(matchesEventPattern('payment.confirmed', 'paymentXconfirmed')).toBe(false);
    expect(matchesEventPattern('*', 'invoice.paid')).toBe(true);
  });
});
