// Funds on closed payments (docs/decisions.md, "Money after the close"; docs/lifecycle.md, "Money after
// the close"): which transfers count as money after the close, when payment.received_after_close is
// sent, the holds taken on entering a closing status, and refunds of such money.
import { describe, expect, it } from 'vitest';
import { decide } from './decide.js';
import {
  AFTER_EXPIRY,
  AFTER_GRACE,
  BEFORE_EXPIRY,
  confirmedSnapshot,
  DEPTH,
  expectOk,
  expectRefused,
  expectUnchanged,
  LATE_GRACE_ENDS_AT,
  LOCKED,
  names,
  snapshot,
  transfer,
} from './testFixtures.js';
import type { LifecycleEvent, LifecycleSnapshot, TransferView } from './types.js';

const changed: LifecycleEvent = { type: 'transfers_changed' };
const graceEnded: LifecycleEvent = { type: 'late_grace_ended' };
const held = (t: TransferView): TransferView => ({ ...t, closing: 'held' });
const reported = (t: TransferView): TransferView => ({ ...t, closing: 'reported' });
const cancelled = (transfers: TransferView[], extra: Partial<LifecycleSnapshot> = {}) =>
  snapshot({ status: 'cancelled', transfers, ...extra });

describe('payment.received_after_close', () => {
  it('cancelled: nothing for a mempool sighting; one event and mark at the required depth; never twice', () => {
    const late = transfer(LOCKED, 0);
    expectUnchanged(decide(cancelled([late]), changed, BEFORE_EXPIRY), 'cancelled');
    expectUnchanged(
      decide(cancelled([{ ...late, confirmations: DEPTH - 1 }]), changed, BEFORE_EXPIRY),
      'cancelled',
    );

    const atDepth = { ...late, confirmations: DEPTH };
    const d = expectOk(decide(cancelled([atDepth]), changed, BEFORE_EXPIRY));
    expect(d.status).toBe('cancelled');
    expect(d.steps).toEqual([]);
    expect(d.patch).toEqual({});
    expect(d.emitted).toEqual([
      {
        name: 'payment.received_after_close',
        status: 'cancelled',
        transferKey: late.key,
        transferAmount: LOCKED,
      },
    ]);
    expect(d.effects).toEqual([{ type: 'mark_transfer_reported', key: late.key }]);
    // Once marked (what the service stores), deeper blocks and re-reports change nothing.
    const deeper = { ...reported(atDepth), confirmations: DEPTH + 3 };
    expectUnchanged(decide(cancelled([deeper]), changed, BEFORE_EXPIRY), 'cancelled');
  });

  it('a removed transfer is never reported; two transfers at depth at once give one event each', () => {
    expectUnchanged(decide(cancelled([transfer(LOCKED, DEPTH, true)]), changed, BEFORE_EXPIRY), 'cancelled');
    const a = transfer(1_000n, DEPTH);
    const b = transfer(2_000n, DEPTH + 1);
    const d = expectOk(decide(cancelled([a, b]), changed, BEFORE_EXPIRY));
    expect(d.emitted.map((e) => [e.transferKey, e.transferAmount])).toEqual([
      [a.key, 1_000n],
      [b.key, 2_000n],
    ]);
    expect(d.effects).toEqual([
      { type: 'mark_transfer_reported', key: a.key },
      { type: 'mark_transfer_reported', key: b.key },
    ]);
  });

  it('a required depth below 1 counts as 1: a mempool sighting is never reported', () => {
    const s = cancelled([transfer(LOCKED, 0)], { requiredConfirmations: 0 });
    expectUnchanged(decide(s, changed, BEFORE_EXPIRY), 'cancelled');
    expect(names(decide({ ...s, transfers: [transfer(LOCKED, 1)] }, changed, BEFORE_EXPIRY))).toEqual([
      'payment.received_after_close',
    ]);
  });

  it.each(['refunded', 'failed', 'refund_requested'] as const)(
    '%s: the transfers it holds are never reported, a new one is',
    (status) => {
      const old = held(transfer(LOCKED / 2n, DEPTH));
      const s = snapshot({ status, transfers: [old] });
      expectUnchanged(decide(s, changed, AFTER_GRACE), status);
      const late = transfer(3_000n, DEPTH);
      const d = expectOk(decide({ ...s, transfers: [old, late] }, changed, BEFORE_EXPIRY));
      expect(d.status).toBe(status);
      expect(d.emitted).toEqual([
        { name: 'payment.received_after_close', status, transferKey: late.key, transferAmount: 3_000n },
      ]);
    },
  );

  it('expired: within the grace a late payment revives it; after the grace it is money after the close', () => {
    const late = transfer(LOCKED, DEPTH);
    const s = snapshot({ status: 'expired', receivedAtExpiry: 0n, transfers: [late] });
    expect(expectOk(decide(s, changed, AFTER_EXPIRY)).status).toBe('confirmed');
    // At the exact end of the grace the revival still wins.
    expect(expectOk(decide(s, changed, LATE_GRACE_ENDS_AT)).status).toBe('confirmed');
    const d = expectOk(decide(s, changed, AFTER_GRACE));
    expect(d.status).toBe('expired');
    expect(names(d)).toEqual(['payment.received_after_close']);
  });

  it('expired_underpaid after the grace: the partial payment it holds stays, a new transfer is reported', () => {
    const partial = held(transfer(LOCKED / 2n, DEPTH));
    const late = transfer(LOCKED / 2n, DEPTH);
    const s = snapshot({
      status: 'expired_underpaid',
      receivedAtExpiry: LOCKED / 2n,
      transfers: [partial, late],
    });
    const d = expectOk(decide(s, changed, AFTER_GRACE));
    expect(d.status).toBe('expired_underpaid');
    expect(d.emitted.map((e) => e.transferKey)).toEqual([late.key]);
  });

  it('late_grace_ended reports a transfer that reached depth in the grace without reviving the payment', () => {
    // The partial payment was reorged out; a smaller one arrived in the grace: no revival (it adds
    // nothing to what was there at expiry), so it is money after the close once the grace is over.
    const gone = held(transfer(LOCKED / 2n, DEPTH, true));
    const small = transfer(LOCKED / 10n, DEPTH);
    const s = snapshot({
      status: 'expired_underpaid',
      receivedAtExpiry: LOCKED / 2n,
      transfers: [gone, small],
    });
    expectUnchanged(decide(s, changed, AFTER_EXPIRY), 'expired_underpaid');
    expectUnchanged(decide(s, graceEnded, AFTER_EXPIRY), 'expired_underpaid'); // stale timer
    const d = expectOk(decide(s, graceEnded, AFTER_GRACE));
    expect(d.emitted.map((e) => e.transferKey)).toEqual([small.key]);
    expect(d.effects).toEqual([{ type: 'mark_transfer_reported', key: small.key }]);
  });

  it('late_grace_ended on an expired payment: an unpaid address is released; one that received is reported, not released', () => {
    const expired = snapshot({ status: 'expired', receivedAtExpiry: 0n });
    expect(expectOk(decide(expired, graceEnded, AFTER_GRACE)).effects).toEqual([
      { type: 'release_deposit_target' },
    ]);
    const late = transfer(LOCKED, DEPTH);
    const d = expectOk(decide({ ...expired, transfers: [late] }, graceEnded, AFTER_GRACE));
    expect(names(d)).toEqual(['payment.received_after_close']);
    expect(d.effects).toEqual([{ type: 'mark_transfer_reported', key: late.key }]);
  });

  it('expired_reorged: the reorged transaction mined again is money after the close', () => {
    const back = transfer(LOCKED, DEPTH);
    const d = expectOk(
      decide(snapshot({ status: 'expired_reorged', transfers: [back] }), changed, AFTER_EXPIRY),
    );
    expect(d.status).toBe('expired_reorged');
    expect(names(d)).toEqual(['payment.received_after_close']);
  });

  it('confirmed: a transfer after the confirmation is not reported (a reorg could still make it count)', () => {
    const s = confirmedSnapshot();
    expectUnchanged(
      decide({ ...s, transfers: [...s.transfers, transfer(5_000n, DEPTH)] }, changed, AFTER_GRACE),
      'confirmed',
    );
  });

  it('pending and open payments never report anything', () => {
    expectUnchanged(
      decide(snapshot({ status: 'pending', lockedAmount: null }), changed, AFTER_GRACE),
      'pending',
    );
    const underpaid = snapshot({
      status: 'underpaid',
      revived: true,
      transfers: [transfer(LOCKED / 2n, DEPTH)],
    });
    expect(names(decide(underpaid, changed, AFTER_GRACE))).toEqual([]);
  });
});

describe('holds taken on entering a closing status', () => {
  it('refunded from underpaid holds the live transfers (removed ones are not held)', () => {
    const live = transfer(LOCKED / 2n, DEPTH);
    const gone = transfer(LOCKED / 4n, DEPTH, true);
    const s = snapshot({ status: 'underpaid', transfers: [live, gone] });
    const d = expectOk(decide(s, { type: 'refund_recorded' }, BEFORE_EXPIRY));
    expect(d.status).toBe('refunded');
    expect(d.effects).toEqual([{ type: 'cancel_timers' }, { type: 'hold_transfers', keys: [live.key] }]);
  });

  it('no hold effect when the held set does not change (a cancel with nothing live)', () => {
    const d = expectOk(
      decide(
        snapshot({ transfers: [transfer(LOCKED, 1, true)] }),
        { type: 'cancel', by: 'customer' },
        BEFORE_EXPIRY,
      ),
    );
    expect(d.status).toBe('cancelled');
    expect(d.effects).toEqual([{ type: 'cancel_timers' }]);
  });

  it('reported transfers keep their mark: refund_requested -> refunded holds only the others', () => {
    const partial = held(transfer(LOCKED / 2n, DEPTH));
    const topUp = reported(transfer(LOCKED / 2n, DEPTH));
    const mempool = transfer(1_000n, 0);
    const s = snapshot({ status: 'refund_requested', transfers: [partial, topUp, mempool] });
    const d = expectOk(decide(s, { type: 'refund_recorded' }, AFTER_EXPIRY));
    expect(d.status).toBe('refunded');
    expect(d.effects).toContainEqual({ type: 'hold_transfers', keys: [partial.key, mempool.key] });
  });

  it('expired_reorged holds nothing and clears earlier holds (a revived payment reorged out)', () => {
    // Held when it expired underpaid, revived by a top-up, confirmed, then reorged out after the window.
    const first = held(transfer(LOCKED / 2n, 0));
    const second = transfer(LOCKED / 2n, 0);
    const s = confirmedSnapshot({ revived: true, transfers: [first, second] });
    const d = expectOk(decide(s, changed, AFTER_GRACE));
    expect(d.status).toBe('expired_reorged');
    expect(d.effects).toContainEqual({ type: 'hold_transfers', keys: [] });
    // Mined again later: both are money after the close.
    const after = snapshot({
      status: 'expired_reorged',
      transfers: [
        { ...first, closing: undefined, confirmations: DEPTH },
        { ...second, confirmations: DEPTH },
      ],
    });
    expect(names(decide(after, changed, AFTER_GRACE))).toEqual([
      'payment.received_after_close',
      'payment.received_after_close',
    ]);
  });
});

describe('refunds of money after the close', () => {
  const withLateMoney = cancelled([reported(transfer(LOCKED, DEPTH))]);

  it('refund_recorded is accepted without a status change or event', () => {
    expectUnchanged(decide(withLateMoney, { type: 'refund_recorded' }, BEFORE_EXPIRY), 'cancelled');
  });

  it('refund_recorded is refused while nothing after the close is reported (only a mempool sighting)', () => {
    expectRefused(
      decide(cancelled([transfer(LOCKED, 0)]), { type: 'refund_recorded' }, BEFORE_EXPIRY),
      'INVALID_PAYMENT_STATE',
    );
    expectRefused(decide(cancelled([]), { type: 'refund_recorded' }, BEFORE_EXPIRY), 'INVALID_PAYMENT_STATE');
  });

  it('expired: refundable only once the money after the close is reported (after the grace)', () => {
    const s = snapshot({ status: 'expired', transfers: [reported(transfer(LOCKED, DEPTH))] });
    expectUnchanged(decide(s, { type: 'refund_recorded' }, AFTER_GRACE), 'expired');
  });

  it('refund_requested: the first request is announced without a status change; a second is refused', () => {
    const d = expectOk(decide(withLateMoney, { type: 'refund_requested' }, BEFORE_EXPIRY));
    expect(d.status).toBe('cancelled');
    expect(d.steps).toEqual([]);
    expect(d.emitted).toEqual([{ name: 'payment.refund_requested', status: 'cancelled' }]);
    expect(d.effects).toEqual([]);
    expectRefused(
      decide({ ...withLateMoney, refundRequested: true }, { type: 'refund_requested' }, BEFORE_EXPIRY),
      'INVALID_PAYMENT_STATE',
    );
    expectRefused(
      decide(cancelled([transfer(LOCKED, 1)]), { type: 'refund_requested' }, BEFORE_EXPIRY),
      'INVALID_PAYMENT_STATE',
    );
  });

  it('expired_underpaid and refund_requested keep their own refund path (-> refunded)', () => {
    const s = snapshot({
      status: 'expired_underpaid',
      transfers: [held(transfer(LOCKED / 2n, DEPTH)), reported(transfer(1_000n, DEPTH))],
    });
    expect(expectOk(decide(s, { type: 'refund_recorded' }, AFTER_GRACE)).status).toBe('refunded');
    expect(expectOk(decide(s, { type: 'refund_requested' }, AFTER_GRACE)).status).toBe('refund_requested');
  });
});
