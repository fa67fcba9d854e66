// One test per decision of docs/lifecycle.md, "Decisions where the rules are silent".
import { PAYMENT_STATUSES } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { decide } from './decide.js';
import {
  AFTER_EXPIRY,
  AFTER_GRACE,
  BEFORE_EXPIRY,
  COVERED_MIN,
  confirmedSnapshot,
  DEPTH,
  EXPIRES_AT,
  expectOk,
  expectRefused,
  expectUnchanged,
  LATE_GRACE_ENDS_AT,
  LOCKED,
  minutesAfterStart,
  names,
  reorged,
  snapshot,
  transfer,
} from './testFixtures.js';
import type { LifecycleEvent } from './types.js';

const changed: LifecycleEvent = { type: 'transfers_changed' };
const windowClosed: LifecycleEvent = { type: 'window_closed' };
const graceEnded: LifecycleEvent = { type: 'late_grace_ended' };
const lateGraceTimer = { type: 'schedule_timer', timer: 'late_grace', at: LATE_GRACE_ENDS_AT } as const;
const windowTimer = { type: 'schedule_timer', timer: 'window', at: EXPIRES_AT } as const;

describe('chain selection', () => {
  it.each(PAYMENT_STATUSES.filter((s) => s !== 'pending'))(
    'chain_selected on %s is INVALID_PAYMENT_STATE',
    (status) => {
      const event: LifecycleEvent = {
        type: 'chain_selected',
        expiresAt: EXPIRES_AT,
        lateGraceEndsAt: LATE_GRACE_ENDS_AT,
      };
      expectRefused(decide(snapshot({ status }), event, BEFORE_EXPIRY), 'INVALID_PAYMENT_STATE');
    },
  );

  it('a window timer left from before the chain pick (expiresAt still ahead) changes nothing', () => {
    expectUnchanged(decide(snapshot(), windowClosed, minutesAfterStart(29)), 'awaiting_payment');
  });
});

describe('detection walks every step in order', () => {
  it('a deep first sighting (chain without mempool) emits detected, confirming, confirmed, overpaid', () => {
    const d = expectOk(
      decide(snapshot({ transfers: [transfer(LOCKED * 2n, DEPTH + 5)] }), changed, BEFORE_EXPIRY),
    );
    expect(d.status).toBe('confirmed');
    expect(names(d)).toEqual([
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
      'payment.overpaid',
    ]);
    expect(d.emitted.map((e) => e.status)).toEqual([
      'payment_detected',
      'confirming',
      'confirmed',
      'confirmed',
    ]);
    expect(d.emitted[3]!.excessAmount).toBe(LOCKED);
    expect(d.effects).toEqual([{ type: 'charge_fee' }, { type: 'cancel_timers' }]);
    expect(d.steps?.map((s) => `${s.from}>${s.to}`)).toEqual([
      'awaiting_payment>payment_detected',
      'payment_detected>confirming',
      'confirming>confirmed',
    ]);
  });

  it('a first sighting in one block emits detected then confirming', () => {
    expect(names(decide(snapshot({ transfers: [transfer(LOCKED, 1)] }), changed, BEFORE_EXPIRY))).toEqual([
      'payment.detected',
      'payment.confirming',
    ]);
  });

  it('a partial first transfer gives detected then underpaid with the amount due', () => {
    const d = expectOk(decide(snapshot({ transfers: [transfer(250_000n, 0)] }), changed, BEFORE_EXPIRY));
    expect(d.status).toBe('underpaid');
    expect(d.emitted).toEqual([
      { name: 'payment.detected', status: 'payment_detected' },
      { name: 'payment.underpaid', amountDue: 750_000n, status: 'underpaid' },
    ]);
  });

  it('confirmation needs EVERY live transfer at the required depth', () => {
    const s = snapshot({
      status: 'confirming',
      transfers: [transfer(900_000n, DEPTH), transfer(100_000n, 1)],
    });
    expectUnchanged(decide(s, changed, BEFORE_EXPIRY), 'confirming');
  });

  it('confirming with the fee already charged (left from an earlier stay) does not charge it again', () => {
    const s = snapshot({ status: 'confirming', feeCharged: true, transfers: [transfer(LOCKED, DEPTH)] });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('confirmed');
    expect(d.effects).toEqual([{ type: 'cancel_timers' }]);
    expect(d.patch.feeCharged).toBeUndefined();
  });

  it('requiredConfirmations below 1 counts as 1: a mempool sighting never confirms', () => {
    const s = snapshot({ requiredConfirmations: 0, transfers: [transfer(LOCKED, 0)] });
    expect(expectOk(decide(s, changed, BEFORE_EXPIRY)).status).toBe('payment_detected');
    const mined = snapshot({ requiredConfirmations: 0, transfers: [transfer(LOCKED, 1)] });
    expect(expectOk(decide(mined, changed, BEFORE_EXPIRY)).status).toBe('confirmed');
  });

  it('removed transfers never count', () => {
    const s = snapshot({ transfers: [transfer(LOCKED * 10n, 9, true), transfer(500_000n, 0)] });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.emitted.at(-1)).toEqual({ name: 'payment.underpaid', amountDue: 500_000n, status: 'underpaid' });
  });

  it('an observation that changes nothing emits nothing (the exact no-change shape)', () => {
    const s = snapshot({ status: 'payment_detected', transfers: [transfer(LOCKED, 0)] });
    expect(decide(s, changed, BEFORE_EXPIRY)).toEqual({
      ok: true,
      status: 'payment_detected',
      emitted: [],
      patch: {},
      effects: [],
      steps: [],
    });
  });
});

describe('underpaid and top-ups', () => {
  it('a top-up that covers -> payment_detected (mempool), like a late revival', () => {
    const s = snapshot({
      status: 'underpaid',
      transfers: [transfer(500_000n, DEPTH), transfer(495_000n, 0)],
    });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('payment_detected');
    expect(names(d)).toEqual(['payment.detected']);
  });

  it('a top-up still short changes nothing and sends no second payment.underpaid', () => {
    const s = snapshot({
      status: 'underpaid',
      transfers: [transfer(500_000n, DEPTH), transfer(100_000n, 0)],
    });
    expectUnchanged(decide(s, changed, BEFORE_EXPIRY), 'underpaid');
  });

  it('accept_shortfall waits for confirmations', () => {
    const s = snapshot({
      status: 'underpaid',
      transfers: [transfer(500_000n, DEPTH), transfer(100_000n, 1)],
    });
    const d = decide(s, { type: 'accept_shortfall' }, BEFORE_EXPIRY);
    expectRefused(d, 'INVALID_PAYMENT_STATE');
    expect(!d.ok && d.message).toMatch(/wait for confirmations/i);
  });

  it('accept_shortfall with nothing live received is refused', () => {
    const s = snapshot({ status: 'underpaid', transfers: [transfer(500_000n, DEPTH, true)] });
    expectRefused(decide(s, { type: 'accept_shortfall' }, BEFORE_EXPIRY), 'INVALID_PAYMENT_STATE');
  });

  it.each(PAYMENT_STATUSES.filter((s) => s !== 'underpaid'))(
    'accept_shortfall on %s is INVALID_PAYMENT_STATE',
    (status) => {
      const s = snapshot({ status, transfers: [transfer(500_000n, DEPTH)] });
      expectRefused(decide(s, { type: 'accept_shortfall' }, BEFORE_EXPIRY), 'INVALID_PAYMENT_STATE');
    },
  );

  it('an accepted shortfall stays confirmed when its transfers get deeper', () => {
    const s = confirmedSnapshot({ transfers: [transfer(500_000n, DEPTH + 3)] });
    expect(s.confirmedAmount).toBe(500_000n);
    expectUnchanged(decide(s, changed, AFTER_EXPIRY), 'confirmed');
    // Without confirmedAmount (a service that does not store it) too.
    expectUnchanged(decide({ ...s, confirmedAmount: undefined }, changed, AFTER_EXPIRY), 'confirmed');
  });

  it('an accepted shortfall losing one of its transfers to a reorg -> underpaid, fee reversed', () => {
    const s = confirmedSnapshot({ transfers: [transfer(300_000n, DEPTH), transfer(200_000n, DEPTH)] });
    const d = expectOk(decide(reorged(s, 1, { removed: true }), changed, AFTER_EXPIRY));
    expect(d.status).toBe('underpaid');
    expect(d.emitted).toEqual([
      { name: 'payment.reverted', status: 'underpaid', previousStatus: 'confirmed' },
      { name: 'payment.underpaid', amountDue: 700_000n, status: 'underpaid' },
    ]);
    expect(d.effects).toEqual([{ type: 'reverse_fee' }]);
  });
});

describe('cancel', () => {
  it('a live transfer the status has not caught up with (race with detection) makes it not cancellable', () => {
    for (const status of ['pending', 'awaiting_payment'] as const) {
      const s = snapshot({ status, transfers: [transfer(1n, 0)] });
      expectRefused(decide(s, { type: 'cancel', by: 'customer' }, BEFORE_EXPIRY), 'PAYMENT_NOT_CANCELLABLE');
    }
  });

  it('a transfer that was removed (double-spent) does not block the cancel', () => {
    const s = snapshot({ transfers: [transfer(LOCKED, 0, true)] });
    expect(expectOk(decide(s, { type: 'cancel', by: 'customer' }, BEFORE_EXPIRY)).status).toBe('cancelled');
  });

  it.each(['expired', 'expired_underpaid', 'refund_requested'] as const)(
    'cancel on %s is PAYMENT_NOT_CANCELLABLE',
    (status) => {
      expectRefused(
        decide(snapshot({ status }), { type: 'cancel', by: 'merchant' }, AFTER_EXPIRY),
        'PAYMENT_NOT_CANCELLABLE',
      );
    },
  );
});

describe('window', () => {
  it('a revived payment is never auto-expired', () => {
    for (const status of ['awaiting_payment', 'underpaid', 'payment_detected'] as const) {
      const s = snapshot({
        status,
        revived: true,
        transfers: status === 'awaiting_payment' ? [] : [transfer(1_000n, 1)],
      });
      expectUnchanged(decide(s, windowClosed, AFTER_EXPIRY), status);
    }
  });

  it('window_closed with an undecided partial transfer walks detected, underpaid, expired_underpaid', () => {
    const partial = transfer(400_000n, 0);
    const d = expectOk(decide(snapshot({ transfers: [partial] }), windowClosed, EXPIRES_AT));
    expect(d.status).toBe('expired_underpaid');
    expect(names(d)).toEqual(['payment.detected', 'payment.underpaid', 'payment.expired_underpaid']);
    expect(d.steps?.map((s) => s.trigger)).toEqual([
      'transfers_changed',
      'transfers_changed',
      'window_closed',
    ]);
    expect(d.patch).toEqual({ receivedAtExpiry: 400_000n });
    // The partial transfer is what expired_underpaid accounts for: held, never money after the close.
    expect(d.effects).toEqual([lateGraceTimer, { type: 'hold_transfers', keys: [partial.key] }]);
  });

  it('window_closed with an undecided covering transfer detects it and does not expire', () => {
    const d = expectOk(decide(snapshot({ transfers: [transfer(LOCKED, 0)] }), windowClosed, EXPIRES_AT));
    expect(d.status).toBe('payment_detected');
    expect(names(d)).toEqual(['payment.detected']);
  });

  it.each(['confirmed', 'expired', 'expired_underpaid', 'refund_requested', 'cancelled'] as const)(
    'window_closed on %s changes nothing',
    (status) => {
      expectUnchanged(
        decide(snapshot({ status, transfers: [transfer(1_000n, 1)] }), windowClosed, AFTER_EXPIRY),
        status,
      );
    },
  );
});

describe('late revival and late grace', () => {
  it('a late transaction after the grace revives nothing', () => {
    for (const status of ['expired', 'expired_underpaid'] as const) {
      const s = snapshot({ status, receivedAtExpiry: 0n, transfers: [transfer(LOCKED, 0)] });
      expectUnchanged(decide(s, changed, AFTER_GRACE), status);
    }
  });

  it('a deep late transaction revives straight to confirmed: detected, confirming, confirmed, fee, timers cancelled', () => {
    const s = snapshot({ status: 'expired', receivedAtExpiry: 0n, transfers: [transfer(LOCKED, DEPTH)] });
    const d = expectOk(decide(s, changed, AFTER_EXPIRY));
    expect(d.status).toBe('confirmed');
    expect(names(d)).toEqual(['payment.detected', 'payment.confirming', 'payment.confirmed']);
    expect(d.patch).toMatchObject({ revived: true, feeCharged: true, confirmedAmount: LOCKED });
    expect(d.effects).toEqual([{ type: 'charge_fee' }, { type: 'cancel_timers' }]);
  });

  it('expired_underpaid: the old partial transfer getting deeper is not a late transaction', () => {
    const s = snapshot({
      status: 'expired_underpaid',
      receivedAtExpiry: 400_000n,
      transfers: [transfer(400_000n, 5)],
    });
    expectUnchanged(decide(s, changed, AFTER_EXPIRY), 'expired_underpaid');
  });

  it('expired_underpaid without receivedAtExpiry (not stored) revives only when fully covered', () => {
    const partial = snapshot({
      status: 'expired_underpaid',
      transfers: [transfer(400_000n, 5), transfer(1_000n, 0)],
    });
    expectUnchanged(decide(partial, changed, AFTER_EXPIRY), 'expired_underpaid');
    const covered = { ...partial, transfers: [...partial.transfers, transfer(600_000n, 0)] };
    expect(expectOk(decide(covered, changed, AFTER_EXPIRY)).status).toBe('payment_detected');
  });

  it('a revived payment then stays out of expiry', () => {
    const s = snapshot({ status: 'underpaid', revived: true, transfers: [transfer(300_000n, 3)] });
    expectUnchanged(decide(s, windowClosed, AFTER_GRACE), 'underpaid');
  });

  it('late_grace_ended on an unpaid expired payment releases the deposit target, status unchanged', () => {
    const d = expectOk(decide(snapshot({ status: 'expired' }), graceEnded, LATE_GRACE_ENDS_AT));
    expect(d).toEqual({
      ok: true,
      status: 'expired',
      emitted: [],
      patch: {},
      effects: [{ type: 'release_deposit_target' }],
      steps: [],
    });
  });

  it('late_grace_ended changes nothing when stale, when the address received funds, or on other statuses', () => {
    expectUnchanged(decide(snapshot({ status: 'expired' }), graceEnded, AFTER_EXPIRY), 'expired');
    const funded = snapshot({ status: 'expired', transfers: [transfer(5n, 0)] });
    expectUnchanged(decide(funded, graceEnded, AFTER_GRACE), 'expired');
    for (const status of ['expired_underpaid', 'underpaid', 'confirmed', 'cancelled'] as const) {
      expectUnchanged(decide(snapshot({ status }), graceEnded, AFTER_GRACE), status);
    }
  });
});

describe('reorgs before the window closes: recompute from the live transfers', () => {
  it('confirming with its transaction removed -> awaiting_payment (payment.reverted only)', () => {
    const s = snapshot({ status: 'confirming', transfers: [transfer(LOCKED, 1, true)] });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('awaiting_payment');
    expect(d.emitted).toEqual([
      { name: 'payment.reverted', status: 'awaiting_payment', previousStatus: 'confirming' },
    ]);
    expect(d.effects).toEqual([]);
  });

  it('payment_detected double-spent -> awaiting_payment (payment.reverted)', () => {
    const s = snapshot({ status: 'payment_detected', transfers: [transfer(LOCKED, 0, true)] });
    expect(expectOk(decide(s, changed, BEFORE_EXPIRY))).toMatchObject({
      status: 'awaiting_payment',
      emitted: [{ name: 'payment.reverted', previousStatus: 'payment_detected' }],
    });
  });

  it('confirming with its transaction back in the mempool -> payment_detected (payment.reverted, payment.detected)', () => {
    const s = snapshot({ status: 'confirming', transfers: [transfer(LOCKED, 0)] });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('payment_detected');
    expect(names(d)).toEqual(['payment.reverted', 'payment.detected']);
  });

  it('confirming with part removed -> underpaid', () => {
    const s = snapshot({
      status: 'confirming',
      transfers: [transfer(500_000n, 1), transfer(500_000n, 1, true)],
    });
    expect(names(decide(s, changed, BEFORE_EXPIRY))).toEqual(['payment.reverted', 'payment.underpaid']);
  });

  it('a covered payment_detected whose covering mempool transaction is dropped -> underpaid (payment.reverted, payment.underpaid)', () => {
    const s = snapshot({
      status: 'payment_detected',
      transfers: [transfer(500_000n, 1), transfer(500_000n, 0, true)],
    });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.emitted).toEqual([
      { name: 'payment.reverted', status: 'underpaid', previousStatus: 'payment_detected' },
      { name: 'payment.underpaid', status: 'underpaid', amountDue: 500_000n },
    ]);
    expect(d.steps?.map((step) => step.trigger)).toEqual(['reorg']);
  });

  it('confirmed with everything removed -> awaiting_payment (payment.reverted); fee reversed, window timer rescheduled', () => {
    const s = confirmedSnapshot({ overpaid: true, transfers: [transfer(LOCKED * 2n, DEPTH, true)] });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('awaiting_payment');
    expect(d.emitted).toEqual([
      { name: 'payment.reverted', status: 'awaiting_payment', previousStatus: 'confirmed' },
    ]);
    expect(d.patch).toEqual({ confirmedAt: null, feeCharged: false, overpaid: false });
    expect(d.effects).toEqual([{ type: 'reverse_fee' }, windowTimer]);
  });

  it('corner case: confirmed whose only transaction went back to the mempool -> payment_detected, fee reversed', () => {
    const s = confirmedSnapshot({ transfers: [transfer(LOCKED, 0)] });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('payment_detected');
    expect(names(d)).toEqual(['payment.reverted', 'payment.detected']);
    expect(d.effects).toEqual([{ type: 'reverse_fee' }, windowTimer]);
  });

  it('confirmed losing a contributing transaction, rest short -> underpaid, window timer rescheduled', () => {
    const s = confirmedSnapshot({ transfers: [transfer(600_000n, DEPTH), transfer(400_000n, DEPTH)] });
    const d = expectOk(decide(reorged(s, 1, { removed: true }), changed, BEFORE_EXPIRY));
    expect(d.status).toBe('underpaid');
    expect(d.effects).toEqual([{ type: 'reverse_fee' }, windowTimer]);
  });

  it('confirmed, one of two transactions back in the mempool, still covered in total -> payment_detected', () => {
    const s = confirmedSnapshot({ transfers: [transfer(600_000n, DEPTH), transfer(400_000n, 0)] });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('payment_detected');
    expect(names(d)).toEqual(['payment.reverted', 'payment.detected']);
  });
});

describe('reorgs after the window closed', () => {
  it('corner case: confirmed whose only transaction went back to the mempool -> expired_reorged (no live transfer in a block)', () => {
    const s = confirmedSnapshot({ transfers: [transfer(LOCKED, 0)] });
    const d = expectOk(decide(s, changed, AFTER_EXPIRY));
    expect(d.status).toBe('expired_reorged');
    expect(d.effects).toEqual([{ type: 'reverse_fee' }]);
  });

  it('corner case: confirmed whose remaining live transfers in a block still cover stays confirmed', () => {
    const s = confirmedSnapshot({ transfers: [transfer(LOCKED, DEPTH), transfer(20_000n, DEPTH)] });
    expectUnchanged(decide(reorged(s, 1, { removed: true }), changed, AFTER_EXPIRY), 'confirmed');
  });

  it('confirmed whose transaction was re-mined shallower (still in a block) stays confirmed', () => {
    expectUnchanged(
      decide(confirmedSnapshot({ transfers: [transfer(LOCKED, 1)] }), changed, AFTER_EXPIRY),
      'confirmed',
    );
  });

  it('a transfer arriving after confirmation changes nothing (no second confirmed, no fee)', () => {
    const s = confirmedSnapshot({ transfers: [transfer(LOCKED, DEPTH), transfer(50_000n, 0)] });
    expectUnchanged(decide(s, changed, AFTER_EXPIRY), 'confirmed');
  });

  it('confirmed -> underpaid after the window stays underpaid: no window timer, no expired_underpaid', () => {
    const confirmed = confirmedSnapshot({
      transfers: [transfer(600_000n, DEPTH), transfer(400_000n, DEPTH)],
    });
    const s = reorged(confirmed, 1, { removed: true });
    const d = expectOk(decide(s, changed, AFTER_EXPIRY));
    expect(d.status).toBe('underpaid');
    expect(d.effects).toEqual([{ type: 'reverse_fee' }]);
    expectUnchanged(
      decide({ ...s, status: 'underpaid', feeCharged: false }, changed, AFTER_EXPIRY),
      'underpaid',
    );
  });

  it('confirming with part removed after the window -> underpaid, and stays so until a window_closed', () => {
    const s = snapshot({
      status: 'confirming',
      transfers: [transfer(500_000n, 1), transfer(500_000n, 1, true)],
    });
    const d = expectOk(decide(s, changed, AFTER_EXPIRY));
    expect(d.status).toBe('underpaid');
    expect(d.effects).toEqual([]);
  });

  it('payment_detected losing all its funds after the window -> expired at once (payment.expired, late grace timer)', () => {
    const s = snapshot({ status: 'payment_detected', transfers: [transfer(LOCKED, 0, true)] });
    const d = expectOk(decide(s, changed, AFTER_EXPIRY));
    expect(d.status).toBe('expired');
    expect(names(d)).toEqual(['payment.reverted', 'payment.expired']);
    expect(d.steps?.map((s) => `${s.from}>${s.to}@${s.trigger}`)).toEqual([
      'payment_detected>awaiting_payment@reorg',
      'awaiting_payment>expired@window_closed',
    ]);
    expect(d.effects).toEqual([lateGraceTimer]);
  });

  it('a revived payment losing all its funds goes back to awaiting_payment and is not expired', () => {
    const s = snapshot({ status: 'payment_detected', revived: true, transfers: [transfer(LOCKED, 0, true)] });
    expect(expectOk(decide(s, changed, AFTER_EXPIRY))).toMatchObject({
      status: 'awaiting_payment',
      emitted: [{ name: 'payment.reverted', previousStatus: 'payment_detected' }],
    });
  });

  it('expired_reorged does not revive: its transaction mined again is money after the close', () => {
    const again = transfer(LOCKED, DEPTH);
    const s = snapshot({ status: 'expired_reorged', transfers: [again] });
    const d = expectOk(decide(s, changed, AFTER_EXPIRY));
    expect(d.status).toBe('expired_reorged');
    expect(d.steps).toEqual([]);
    expect(names(d)).toEqual(['payment.received_after_close']);
    const reported = { ...again, closing: 'reported' as const };
    expectUnchanged(decide({ ...s, transfers: [reported] }, changed, AFTER_EXPIRY), 'expired_reorged');
  });
});

describe('refunds and failed settlement', () => {
  it.each(['underpaid', 'expired_underpaid'] as const)(
    'refund_recorded straight from %s -> refunded',
    (status) => {
      const d = expectOk(decide(snapshot({ status }), { type: 'refund_recorded' }, AFTER_EXPIRY));
      expect(d.status).toBe('refunded');
      expect(d.effects).toEqual([{ type: 'cancel_timers' }]);
    },
  );

  it('refund commands elsewhere are INVALID_PAYMENT_STATE', () => {
    for (const status of PAYMENT_STATUSES) {
      const requested = decide(snapshot({ status }), { type: 'refund_requested' }, AFTER_EXPIRY);
      if (status !== 'underpaid' && status !== 'expired_underpaid')
        expectRefused(requested, 'INVALID_PAYMENT_STATE');
      const recorded = decide(snapshot({ status }), { type: 'refund_recorded' }, AFTER_EXPIRY);
      if (!['underpaid', 'expired_underpaid', 'refund_requested'].includes(status)) {
        expectRefused(recorded, 'INVALID_PAYMENT_STATE');
      }
    }
  });

  it('a transfer on refund_requested changes no status (it awaits the merchant); a new one is reported', () => {
    const held = { ...transfer(LOCKED / 2n, DEPTH), closing: 'held' as const };
    const s = snapshot({ status: 'refund_requested', transfers: [held] });
    expectUnchanged(decide(s, changed, BEFORE_EXPIRY), 'refund_requested');
    const topUp = transfer(LOCKED / 2n, DEPTH);
    const d = expectOk(decide({ ...s, transfers: [held, topUp] }, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('refund_requested');
    expect(names(d)).toEqual(['payment.received_after_close']);
    expect(d.emitted[0]).toMatchObject({ transferKey: topUp.key, transferAmount: LOCKED / 2n });
  });

  it('settlement failures from other statuses or with the wrong reason are INVALID_PAYMENT_STATE', () => {
    const allowed = new Set([
      'awaiting_payment/insufficient_balance',
      'awaiting_payment/estimate_revert',
      'payment_detected/settlement_reverted',
      'confirming/settlement_reverted',
    ]);
    for (const status of PAYMENT_STATUSES) {
      for (const reason of ['insufficient_balance', 'estimate_revert', 'settlement_reverted'] as const) {
        const d = decide(snapshot({ status }), { type: 'settlement_failed', reason }, BEFORE_EXPIRY);
        if (allowed.has(`${status}/${reason}`)) expect(expectOk(d).status).toBe('failed');
        else expectRefused(d, 'INVALID_PAYMENT_STATE');
      }
    }
  });
});

describe('pending', () => {
  it('transfers before a chain is picked change nothing', () => {
    const s = snapshot({ status: 'pending', lockedAmount: null, transfers: [transfer(LOCKED, 3)] });
    expectUnchanged(decide(s, changed, BEFORE_EXPIRY), 'pending');
  });

  it('covered exactly at the tolerance boundary: 995 000 of 1 000 000 at 50 bps', () => {
    const at = snapshot({ transfers: [transfer(COVERED_MIN, 0)] });
    expect(expectOk(decide(at, changed, BEFORE_EXPIRY)).status).toBe('payment_detected');
  });
});
