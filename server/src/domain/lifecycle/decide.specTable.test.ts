// One test per row of the product's table (docs/lifecycle.md, "Transitions"), named after the row,
// plus its numbered rules (docs/lifecycle.md, "Rules").
import { PAYMENT_STATUSES, TERMINAL_PAYMENT_STATUSES } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { decide } from './decide.js';
import {
  AFTER_EXPIRY,
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
  snapshot,
  transfer,
} from './testFixtures.js';
import { TRANSITIONS } from './transitionTable.js';
import type { LifecycleEvent } from './types.js';

const changed: LifecycleEvent = { type: 'transfers_changed' };
const windowClosed: LifecycleEvent = { type: 'window_closed' };

describe('product transition table (docs/lifecycle.md)', () => {
  it('(none) -> pending on POST /api/v1/payments: no webhook event (creation is not a lifecycle edge)', () => {
    expect(TRANSITIONS.filter((t) => t.to === 'pending')).toEqual([]);
  });

  it('pending -> awaiting_payment on chain selected: payment.awaiting, window restarts for the chain', () => {
    const expiresAt = minutesAfterStart(70);
    const lateGraceEndsAt = minutesAfterStart(70 + 720);
    const d = expectOk(
      decide(
        snapshot({ status: 'pending', lockedAmount: null }),
        { type: 'chain_selected', expiresAt, lateGraceEndsAt },
        minutesAfterStart(40),
      ),
    );
    expect(d.status).toBe('awaiting_payment');
    expect(names(d)).toEqual(['payment.awaiting']);
    expect(d.patch).toEqual({ expiresAt, lateGraceEndsAt });
    expect(d.effects).toEqual([{ type: 'schedule_timer', timer: 'window', at: expiresAt }]);
  });

  it('awaiting_payment -> payment_detected on customer transaction seen (mempool): payment.detected', () => {
    const d = expectOk(decide(snapshot({ transfers: [transfer(LOCKED, 0)] }), changed, BEFORE_EXPIRY));
    expect(d.status).toBe('payment_detected');
    expect(names(d)).toEqual(['payment.detected']);
    expect(d.patch).toEqual({});
    expect(d.effects).toEqual([]);
  });

  it('payment_detected -> confirming on transaction on-chain: payment.confirming', () => {
    const s = snapshot({ status: 'payment_detected', transfers: [transfer(LOCKED, 1)] });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('confirming');
    expect(names(d)).toEqual(['payment.confirming']);
    expect(d.effects).toEqual([]);
  });

  it('confirming -> confirmed on the confirmation rule, fully paid within tolerance: payment.confirmed, fee deducted', () => {
    const s = snapshot({ status: 'confirming', transfers: [transfer(COVERED_MIN, DEPTH)] });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('confirmed');
    expect(names(d)).toEqual(['payment.confirmed']);
    expect(d.patch).toEqual({
      overpaid: false,
      confirmedAt: BEFORE_EXPIRY,
      confirmedAmount: COVERED_MIN,
      feeCharged: true,
    });
    expect(d.effects).toEqual([{ type: 'charge_fee' }, { type: 'cancel_timers' }]);
  });

  it('confirmed (overpayment flag) at the same moment, overpayment beyond the threshold: payment.overpaid with the excess', () => {
    const s = snapshot({ status: 'confirming', transfers: [transfer(LOCKED + 10_001n, DEPTH)] });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('confirmed');
    expect(d.emitted.map((e) => [e.name, e.excessAmount])).toEqual([
      ['payment.confirmed', undefined],
      ['payment.overpaid', 10_001n],
    ]);
    expect(d.patch.overpaid).toBe(true);
  });

  it('confirmed below the overpayment threshold confirms silently', () => {
    const s = snapshot({ status: 'confirming', transfers: [transfer(LOCKED + 10_000n, DEPTH)] });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(names(d)).toEqual(['payment.confirmed']);
    expect(d.patch.overpaid).toBe(false);
  });

  it.each(['pending', 'awaiting_payment'] as const)(
    '%s -> cancelled on customer Cancel or DELETE, no on-chain transaction yet: payment.cancelled with cancelled_by',
    (status) => {
      for (const by of ['customer', 'merchant'] as const) {
        const d = expectOk(decide(snapshot({ status }), { type: 'cancel', by }, BEFORE_EXPIRY));
        expect(d.status).toBe('cancelled');
        expect(d.emitted).toEqual([{ name: 'payment.cancelled', cancelledBy: by, status: 'cancelled' }]);
        expect(d.patch).toEqual({ cancelledBy: by });
        expect(d.effects).toEqual([{ type: 'cancel_timers' }]);
      }
    },
  );

  it('payment_detected and later: DELETE leaves the status unchanged with PAYMENT_NOT_CANCELLABLE', () => {
    const later = PAYMENT_STATUSES.filter((s) => s !== 'pending' && s !== 'awaiting_payment');
    for (const status of later) {
      expectRefused(
        decide(snapshot({ status }), { type: 'cancel', by: 'merchant' }, BEFORE_EXPIRY),
        'PAYMENT_NOT_CANCELLABLE',
      );
    }
  });

  it.each(['pending', 'awaiting_payment'] as const)(
    '%s -> expired when the payment window closes with no funds: payment.expired',
    (status) => {
      const d = expectOk(decide(snapshot({ status }), windowClosed, EXPIRES_AT));
      expect(d.status).toBe('expired');
      expect(names(d)).toEqual(['payment.expired']);
      expect(d.patch).toEqual({ receivedAtExpiry: 0n });
      expect(d.effects).toEqual([{ type: 'schedule_timer', timer: 'late_grace', at: LATE_GRACE_ENDS_AT }]);
    },
  );

  it('payment_detected -> underpaid when a first transfer is short by more than the tolerance: payment.underpaid', () => {
    const s = snapshot({ transfers: [transfer(600_000n, 0), transfer(394_999n, 0)] });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('underpaid');
    expect(d.emitted).toEqual([
      { name: 'payment.detected', status: 'payment_detected' },
      { name: 'payment.underpaid', amountDue: 5_001n, status: 'underpaid' },
    ]);
    expect(d.patch).toEqual({});
    expect(d.effects).toEqual([]);
  });

  it.each([
    ['payment_detected', 0],
    ['confirming', 1],
  ] as const)(
    '%s -> underpaid when a reorg leaves the sum short by more than the tolerance: payment.reverted, payment.underpaid',
    (status, confirmations) => {
      const s = snapshot({
        status,
        transfers: [
          transfer(600_000n, confirmations),
          transfer(394_999n, confirmations),
          transfer(5_001n, confirmations, true),
        ],
      });
      const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
      expect(d.status).toBe('underpaid');
      expect(d.emitted).toEqual([
        { name: 'payment.reverted', status: 'underpaid', previousStatus: status },
        { name: 'payment.underpaid', amountDue: 5_001n, status: 'underpaid' },
      ]);
      expect(d.patch).toEqual({});
      expect(d.effects).toEqual([]);
    },
  );

  it('underpaid -> confirmed when the customer tops up (through payment_detected and confirming)', () => {
    const s = snapshot({
      status: 'underpaid',
      transfers: [transfer(500_000n, DEPTH), transfer(500_000n, DEPTH)],
    });
    const d = expectOk(decide(s, changed, BEFORE_EXPIRY));
    expect(d.status).toBe('confirmed');
    expect(names(d)).toEqual(['payment.detected', 'payment.confirming', 'payment.confirmed']);
    expect(d.effects).toEqual([{ type: 'charge_fee' }, { type: 'cancel_timers' }]);
  });

  it('underpaid -> confirmed when the merchant accepts the shortfall: payment.confirmed', () => {
    const s = snapshot({ status: 'underpaid', transfers: [transfer(500_000n, DEPTH)] });
    const d = expectOk(decide(s, { type: 'accept_shortfall' }, BEFORE_EXPIRY));
    expect(d.status).toBe('confirmed');
    expect(names(d)).toEqual(['payment.confirmed']);
    expect(d.patch).toEqual({
      overpaid: false,
      confirmedAt: BEFORE_EXPIRY,
      confirmedAmount: 500_000n,
      feeCharged: true,
    });
    expect(d.effects).toEqual([{ type: 'charge_fee' }, { type: 'cancel_timers' }]);
  });

  it('underpaid -> refund_requested when the customer requests a refund on checkout: payment.refund_requested', () => {
    const d = expectOk(
      decide(snapshot({ status: 'underpaid' }), { type: 'refund_requested' }, BEFORE_EXPIRY),
    );
    expect(d.status).toBe('refund_requested');
    expect(names(d)).toEqual(['payment.refund_requested']);
    expect(d.patch).toEqual({});
    expect(d.effects).toEqual([]);
  });

  it('refund_requested -> refunded when the merchant marks refunded: payment.refunded', () => {
    const d = expectOk(
      decide(snapshot({ status: 'refund_requested' }), { type: 'refund_recorded' }, AFTER_EXPIRY),
    );
    expect(d.status).toBe('refunded');
    expect(names(d)).toEqual(['payment.refunded']);
    expect(d.effects).toEqual([{ type: 'cancel_timers' }]);
  });

  it('underpaid -> expired_underpaid when the window closes still short beyond tolerance: payment.expired_underpaid', () => {
    const partial = transfer(400_000n, 1);
    const s = snapshot({ status: 'underpaid', transfers: [partial] });
    const d = expectOk(decide(s, windowClosed, EXPIRES_AT));
    expect(d.status).toBe('expired_underpaid');
    expect(names(d)).toEqual(['payment.expired_underpaid']);
    expect(d.patch).toEqual({ receivedAtExpiry: 400_000n });
    expect(d.effects).toEqual([
      { type: 'schedule_timer', timer: 'late_grace', at: LATE_GRACE_ENDS_AT },
      { type: 'hold_transfers', keys: [partial.key] },
    ]);
  });

  it.each(['expired', 'expired_underpaid'] as const)(
    '%s -> payment_detected on a late transaction within the late grace that fully covers: flagged',
    (status) => {
      const s = snapshot({ status, receivedAtExpiry: 0n, transfers: [transfer(LOCKED, 0)] });
      const d = expectOk(decide(s, changed, LATE_GRACE_ENDS_AT));
      expect(d.status).toBe('payment_detected');
      expect(names(d)).toEqual(['payment.detected']);
      expect(d.patch).toEqual({ revived: true });
      expect(d.effects).toEqual([]);
    },
  );

  it.each(['expired', 'expired_underpaid'] as const)(
    '%s -> underpaid on a late transaction within the late grace covering only part: flagged',
    (status) => {
      const earlier = status === 'expired' ? [] : [transfer(100_000n, 3)];
      const s = snapshot({
        status,
        receivedAtExpiry: status === 'expired' ? 0n : 100_000n,
        transfers: [...earlier, transfer(300_000n, 0)],
      });
      const d = expectOk(decide(s, changed, AFTER_EXPIRY));
      expect(d.status).toBe('underpaid');
      const due = LOCKED - (status === 'expired' ? 300_000n : 400_000n);
      expect(d.emitted).toEqual([{ name: 'payment.underpaid', amountDue: due, status: 'underpaid' }]);
      expect(d.patch).toEqual({ revived: true });
    },
  );

  it('confirming -> expired_reorged when a chain reorg removes the transaction after the window closed', () => {
    const s = snapshot({ status: 'confirming', transfers: [transfer(LOCKED, 1, true)] });
    const d = expectOk(decide(s, changed, AFTER_EXPIRY));
    expect(d.status).toBe('expired_reorged');
    expect(names(d)).toEqual(['payment.expired_reorged']);
    expect(d.patch).toEqual({});
    expect(d.effects).toEqual([]);
  });

  it('confirmed -> expired_reorged when a chain reorg removes the transaction after the window closed: fee reversed', () => {
    const s = confirmedSnapshot({ transfers: [transfer(LOCKED, DEPTH, true)] });
    const d = expectOk(decide(s, changed, AFTER_EXPIRY));
    expect(d.status).toBe('expired_reorged');
    expect(names(d)).toEqual(['payment.expired_reorged']);
    expect(d.patch).toEqual({ confirmedAt: null, feeCharged: false });
    expect(d.effects).toEqual([{ type: 'reverse_fee' }]);
  });

  it('confirmed -> underpaid on a reorg of a contributing transaction, cumulative back under tolerance: fee reversed', () => {
    const s = confirmedSnapshot({
      overpaid: true,
      transfers: [transfer(700_000n, DEPTH), transfer(320_000n, DEPTH)],
    });
    const reorged = { ...s, transfers: [s.transfers[0]!, { ...s.transfers[1]!, removed: true }] };
    const d = expectOk(decide(reorged, changed, AFTER_EXPIRY));
    expect(d.status).toBe('underpaid');
    expect(d.emitted).toEqual([
      { name: 'payment.reverted', status: 'underpaid', previousStatus: 'confirmed' },
      { name: 'payment.underpaid', amountDue: 300_000n, status: 'underpaid' },
    ]);
    expect(d.patch).toEqual({ confirmedAt: null, feeCharged: false, overpaid: false });
    expect(d.effects).toEqual([{ type: 'reverse_fee' }]);
  });

  it.each([
    ['awaiting_payment', 'insufficient_balance'],
    ['awaiting_payment', 'estimate_revert'],
    ['payment_detected', 'settlement_reverted'],
    ['confirming', 'settlement_reverted'],
  ] as const)(
    '(gasless settlement) %s -> failed when settlement fails with %s: payment.failed',
    (status, reason) => {
      const d = expectOk(decide(snapshot({ status }), { type: 'settlement_failed', reason }, BEFORE_EXPIRY));
      expect(d.status).toBe('failed');
      expect(d.emitted).toEqual([{ name: 'payment.failed', failureReason: reason, status: 'failed' }]);
      expect(d.patch).toEqual({ failureReason: reason });
      expect(d.effects).toEqual([{ type: 'cancel_timers' }]);
    },
  );
});

describe('lifecycle rules (docs/lifecycle.md)', () => {
  it.each([
    ['payment_detected', 0],
    ['confirming', 1],
  ] as const)(
    'rule 1: %s fully paid within tolerance never expires on the timer',
    (status, confirmations) => {
      const s = snapshot({ status, transfers: [transfer(COVERED_MIN, confirmations)] });
      expectUnchanged(decide(s, windowClosed, AFTER_EXPIRY), status);
    },
  );

  it('rule 2: a shortfall below the tolerance confirms automatically', () => {
    const s = snapshot({ status: 'confirming', transfers: [transfer(COVERED_MIN, DEPTH)] });
    expect(expectOk(decide(s, changed, BEFORE_EXPIRY)).status).toBe('confirmed');
    const short = snapshot({ status: 'confirming', transfers: [transfer(COVERED_MIN - 1n, DEPTH)] });
    expect(expectOk(decide(short, changed, BEFORE_EXPIRY)).status).toBe('underpaid');
  });

  it('rule 3: from expired_underpaid the customer requests a refund and the merchant records it', () => {
    const s = snapshot({ status: 'expired_underpaid', transfers: [transfer(400_000n, DEPTH)] });
    const requested = expectOk(decide(s, { type: 'refund_requested' }, AFTER_EXPIRY));
    expect(requested.status).toBe('refund_requested');
    expect(names(requested)).toEqual(['payment.refund_requested']);
    const refunded = expectOk(
      decide({ ...s, status: 'refund_requested' }, { type: 'refund_recorded' }, AFTER_EXPIRY),
    );
    expect(refunded.status).toBe('refunded');
    expect(names(refunded)).toEqual(['payment.refunded']);
  });

  it('rule 4: payment.confirmed is emitted only on entering confirmed, never on payment_detected or confirming', () => {
    const detected = expectOk(decide(snapshot({ transfers: [transfer(LOCKED, 1)] }), changed, BEFORE_EXPIRY));
    expect(names(detected)).toEqual(['payment.detected', 'payment.confirming']);
  });

  it('rule 5: terminal states never change (confirmed only by the reorg edges)', () => {
    const events: LifecycleEvent[] = [
      { type: 'chain_selected', expiresAt: AFTER_EXPIRY, lateGraceEndsAt: LATE_GRACE_ENDS_AT },
      changed,
      windowClosed,
      { type: 'late_grace_ended' },
      { type: 'cancel', by: 'merchant' },
      { type: 'accept_shortfall' },
      { type: 'refund_requested' },
      { type: 'refund_recorded' },
      { type: 'settlement_failed', reason: 'settlement_reverted' },
    ];
    for (const status of TERMINAL_PAYMENT_STATUSES) {
      // The transfer is what the status accounts for (held when it was entered), as the lifecycle
      // leaves it; money arriving after the close is reported without a status change (decisions).
      const held = { ...transfer(LOCKED, 5), closing: 'held' as const };
      const s = status === 'confirmed' ? confirmedSnapshot() : snapshot({ status, transfers: [held] });
      for (const event of events) {
        for (const now of [BEFORE_EXPIRY, AFTER_EXPIRY]) {
          const d = decide(s, event, now);
          if (d.ok) expectUnchanged(d, status);
        }
      }
      if (status === 'confirmed') continue;
      const late = transfer(LOCKED, 5);
      const d = expectOk(decide({ ...s, transfers: [held, late] }, changed, AFTER_EXPIRY));
      expect(d.status).toBe(status);
      expect(d.steps).toEqual([]);
      expect(names(d)).toEqual(['payment.received_after_close']);
    }
  });
});
