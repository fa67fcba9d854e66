import { describe, expect, it } from 'vitest';
import { walletConfirmationState } from './walletConfirmationState.js';

describe('walletConfirmationState', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  it('is pending until confirmed, waiting until usable, then confirmed', () => {
    expect(walletConfirmationState({ confirmedAt: null, usableFrom: null }, now)).toBe(
      'pending_confirmation',
    );
    const confirmedAt = new Date('2026-11-27T09:00:00Z');
    const later = new Date('2026-11-27T12:00:00Z');
    expect(walletConfirmationState({ confirmedAt, usableFrom: later }, now)).toBe('waiting');
    expect(walletConfirmationState({ confirmedAt, usableFrom: now }, now)).toBe('confirmed');
    expect(walletConfirmationState({ confirmedAt, usableFrom: confirmedAt }, now)).toBe('confirmed');
  });
});
