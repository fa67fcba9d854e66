// Test mode's "expire now": the window timer's decision, with the deadlines moved to now.
import { describe, expect, it } from 'vitest';
import { decide } from './decide.js';
import {
  BEFORE_EXPIRY,
  COVERED_MIN,
  expectOk,
  expectRefused,
  LOCKED,
  snapshot,
  transfer,
} from './testFixtures.js';

const expireNow = { type: 'expire_now' } as const;
const GRACE_MS = 12 * 60 * 60_000;
const graceAfterNow = new Date(BEFORE_EXPIRY.getTime() + GRACE_MS);

describe('expire_now', () => {
  it('awaiting_payment with nothing received -> expired now, late grace 12 h after now', () => {
    const ok = expectOk(decide(snapshot(), expireNow, BEFORE_EXPIRY));
    expect(ok.status).toBe('expired');
    expect(ok.emitted.map((e) => e.name)).toEqual(['payment.expired']);
    expect(ok.patch.expiresAt).toEqual(BEFORE_EXPIRY);
    expect(ok.patch.lateGraceEndsAt).toEqual(graceAfterNow);
    expect(ok.effects).toContainEqual({ type: 'schedule_timer', timer: 'late_grace', at: graceAfterNow });
  });

  it("the emitted event's payment shows the new deadline", () => {
    const decision = decide(snapshot(), expireNow, BEFORE_EXPIRY);
    if (!decision.ok) expect.fail(decision.message);
    expect(decision.emitted[0]!.patch?.expiresAt).toEqual(BEFORE_EXPIRY);
  });

  it('pending -> expired', () => {
    const ok = expectOk(
      decide(snapshot({ status: 'pending', lockedAmount: null }), expireNow, BEFORE_EXPIRY),
    );
    expect(ok.status).toBe('expired');
  });

  it('underpaid -> expired_underpaid', () => {
    const short = snapshot({ status: 'underpaid', transfers: [transfer(LOCKED / 2n, 3)] });
    const ok = expectOk(decide(short, expireNow, BEFORE_EXPIRY));
    expect(ok.status).toBe('expired_underpaid');
    expect(ok.emitted.map((e) => e.name)).toEqual(['payment.expired_underpaid']);
  });

  it('refuses covered, revived, closed and final payments', () => {
    for (const status of ['payment_detected', 'confirming', 'confirmed', 'expired', 'cancelled'] as const) {
      expectRefused(decide(snapshot({ status }), expireNow, BEFORE_EXPIRY), 'INVALID_PAYMENT_STATE');
    }
    const revived = snapshot({ status: 'underpaid', revived: true, transfers: [transfer(LOCKED / 2n, 3)] });
    expectRefused(decide(revived, expireNow, BEFORE_EXPIRY), 'INVALID_PAYMENT_STATE');
  });

  it('refuses a payment an undecided transfer already covers', () => {
    const covered = snapshot({ transfers: [transfer(COVERED_MIN, 0)] });
    expectRefused(decide(covered, expireNow, BEFORE_EXPIRY), 'INVALID_PAYMENT_STATE');
  });
});
