import { PAYMENT_EVENT_NAMES, PAYMENT_STATUSES, TERMINAL_PAYMENT_STATUSES } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { decide } from './decide.js';
import { tableViolation } from './tableViolation.js';
import {
  AFTER_EXPIRY,
  BEFORE_EXPIRY,
  confirmedSnapshot,
  DEPTH,
  EXPIRES_AT,
  expectOk,
  LATE_GRACE_ENDS_AT,
  LOCKED,
  reorged,
  snapshot,
  transfer,
} from './testFixtures.js';
import { ENTRY_EVENT, findTransition, TRANSITIONS } from './transitionTable.js';
import type { LifecycleEvent, LifecycleSnapshot } from './types.js';

type Scenario = readonly [LifecycleSnapshot, LifecycleEvent, Date];
const changed: LifecycleEvent = { type: 'transfers_changed' };
const half = LOCKED / 2n;
const confirmedPair = confirmedSnapshot({ transfers: [transfer(half, DEPTH), transfer(half, DEPTH)] });

/** For every edge, a situation whose decision walks it. */
const SCENARIOS: Readonly<Record<string, Scenario>> = {
  'pending>awaiting_payment@chain_selected': [
    snapshot({ status: 'pending', lockedAmount: null }),
    { type: 'chain_selected', expiresAt: EXPIRES_AT, lateGraceEndsAt: LATE_GRACE_ENDS_AT },
    BEFORE_EXPIRY,
  ],
  'awaiting_payment>payment_detected@transfers_changed': [
    snapshot({ transfers: [transfer(LOCKED)] }),
    changed,
    BEFORE_EXPIRY,
  ],
  'payment_detected>confirming@transfers_changed': [
    snapshot({ status: 'payment_detected', transfers: [transfer(LOCKED, 1)] }),
    changed,
    BEFORE_EXPIRY,
  ],
  'confirming>confirmed@transfers_changed': [
    snapshot({ status: 'confirming', transfers: [transfer(LOCKED, DEPTH)] }),
    changed,
    BEFORE_EXPIRY,
  ],
  'pending>cancelled@cancel': [
    snapshot({ status: 'pending' }),
    { type: 'cancel', by: 'customer' },
    BEFORE_EXPIRY,
  ],
  'awaiting_payment>cancelled@cancel': [snapshot(), { type: 'cancel', by: 'merchant' }, BEFORE_EXPIRY],
  'pending>expired@window_closed': [snapshot({ status: 'pending' }), { type: 'window_closed' }, AFTER_EXPIRY],
  'awaiting_payment>expired@window_closed': [snapshot(), { type: 'window_closed' }, AFTER_EXPIRY],
  'payment_detected>underpaid@transfers_changed': [
    snapshot({ transfers: [transfer(half)] }),
    changed,
    BEFORE_EXPIRY,
  ],
  'payment_detected>underpaid@reorg': [
    snapshot({ status: 'payment_detected', transfers: [transfer(half, 1), transfer(half, 0, true)] }),
    changed,
    BEFORE_EXPIRY,
  ],
  'confirming>underpaid@reorg': [
    snapshot({ status: 'confirming', transfers: [transfer(half, 1)] }),
    changed,
    BEFORE_EXPIRY,
  ],
  'underpaid>confirmed@accept_shortfall': [
    snapshot({ status: 'underpaid', transfers: [transfer(half, DEPTH)] }),
    { type: 'accept_shortfall' },
    BEFORE_EXPIRY,
  ],
  'underpaid>refund_requested@refund_requested': [
    snapshot({ status: 'underpaid' }),
    { type: 'refund_requested' },
    BEFORE_EXPIRY,
  ],
  'refund_requested>refunded@refund_recorded': [
    snapshot({ status: 'refund_requested' }),
    { type: 'refund_recorded' },
    BEFORE_EXPIRY,
  ],
  'underpaid>expired_underpaid@window_closed': [
    snapshot({ status: 'underpaid', transfers: [transfer(half, 1)] }),
    { type: 'window_closed' },
    AFTER_EXPIRY,
  ],
  'expired>payment_detected@transfers_changed': [
    snapshot({ status: 'expired', transfers: [transfer(LOCKED)] }),
    changed,
    AFTER_EXPIRY,
  ],
  'expired_underpaid>payment_detected@transfers_changed': [
    snapshot({
      status: 'expired_underpaid',
      receivedAtExpiry: half,
      transfers: [transfer(half, 3), transfer(half)],
    }),
    changed,
    AFTER_EXPIRY,
  ],
  'expired>underpaid@transfers_changed': [
    snapshot({ status: 'expired', transfers: [transfer(half)] }),
    changed,
    AFTER_EXPIRY,
  ],
  'expired_underpaid>underpaid@transfers_changed': [
    snapshot({
      status: 'expired_underpaid',
      receivedAtExpiry: 1n,
      transfers: [transfer(1n, 3), transfer(half)],
    }),
    changed,
    AFTER_EXPIRY,
  ],
  'confirming>expired_reorged@reorg': [
    snapshot({ status: 'confirming', transfers: [transfer(LOCKED, 1, true)] }),
    changed,
    AFTER_EXPIRY,
  ],
  'confirmed>expired_reorged@reorg': [
    reorged(confirmedSnapshot(), 0, { removed: true }),
    changed,
    AFTER_EXPIRY,
  ],
  'confirmed>underpaid@reorg': [reorged(confirmedPair, 1, { removed: true }), changed, AFTER_EXPIRY],
  'underpaid>payment_detected@transfers_changed': [
    snapshot({ status: 'underpaid', transfers: [transfer(half, 1), transfer(half)] }),
    changed,
    BEFORE_EXPIRY,
  ],
  'awaiting_payment>failed@settlement_failed': [
    snapshot(),
    { type: 'settlement_failed', reason: 'insufficient_balance' },
    BEFORE_EXPIRY,
  ],
  'payment_detected>failed@settlement_failed': [
    snapshot({ status: 'payment_detected' }),
    { type: 'settlement_failed', reason: 'settlement_reverted' },
    BEFORE_EXPIRY,
  ],
  'confirming>failed@settlement_failed': [
    snapshot({ status: 'confirming' }),
    { type: 'settlement_failed', reason: 'settlement_reverted' },
    BEFORE_EXPIRY,
  ],
  'expired_underpaid>refund_requested@refund_requested': [
    snapshot({ status: 'expired_underpaid' }),
    { type: 'refund_requested' },
    AFTER_EXPIRY,
  ],
  'underpaid>refunded@refund_recorded': [
    snapshot({ status: 'underpaid' }),
    { type: 'refund_recorded' },
    AFTER_EXPIRY,
  ],
  'expired_underpaid>refunded@refund_recorded': [
    snapshot({ status: 'expired_underpaid' }),
    { type: 'refund_recorded' },
    AFTER_EXPIRY,
  ],
  'payment_detected>awaiting_payment@reorg': [
    snapshot({ status: 'payment_detected', transfers: [transfer(LOCKED, 0, true)] }),
    changed,
    BEFORE_EXPIRY,
  ],
  'confirming>awaiting_payment@reorg': [
    snapshot({ status: 'confirming', transfers: [transfer(LOCKED, 1, true)] }),
    changed,
    BEFORE_EXPIRY,
  ],
  'underpaid>awaiting_payment@reorg': [
    snapshot({ status: 'underpaid', transfers: [transfer(half, 1, true)] }),
    changed,
    BEFORE_EXPIRY,
  ],
  'confirmed>awaiting_payment@reorg': [
    reorged(confirmedSnapshot(), 0, { removed: true }),
    changed,
    BEFORE_EXPIRY,
  ],
  'confirming>payment_detected@reorg': [
    snapshot({ status: 'confirming', transfers: [transfer(LOCKED, 0)] }),
    changed,
    BEFORE_EXPIRY,
  ],
  'confirmed>payment_detected@reorg': [
    reorged(confirmedSnapshot(), 0, { confirmations: 0 }),
    changed,
    BEFORE_EXPIRY,
  ],
};

const keyOf = (t: { from: string; to: string; trigger: string }) => `${t.from}>${t.to}@${t.trigger}`;

describe('the transition table', () => {
  it('announces each status with the event of the same name', () => {
    for (const status of PAYMENT_STATUSES) {
      const event = ENTRY_EVENT[status];
      if (status === 'pending') expect(event).toBeNull();
      else
        expect(event).toBe(`payment.${status.replace(/^(awaiting)_payment$|^payment_(detected)$/, '$1$2')}`);
    }
  });

  it('names only contract statuses and event names, with no duplicate edge', () => {
    for (const t of TRANSITIONS) {
      expect(PAYMENT_STATUSES).toContain(t.from);
      expect(PAYMENT_STATUSES).toContain(t.to);
      for (const name of t.emits) expect(PAYMENT_EVENT_NAMES).toContain(name);
      expect(t.from).not.toBe(t.to);
    }
    expect(new Set(TRANSITIONS.map(keyOf)).size).toBe(TRANSITIONS.length);
  });

  it('emits, on every edge, the event of the status entered; a move back on a reorg sends payment.reverted first', () => {
    for (const t of TRANSITIONS) {
      const entry = ENTRY_EVENT[t.to] === null ? [] : [ENTRY_EVENT[t.to]];
      const movesBack = t.trigger === 'reorg' && t.to !== 'expired_reorged';
      if (!movesBack) expect(t.emits).toEqual(entry);
      else if (t.to === 'awaiting_payment') expect(t.emits).toEqual(['payment.reverted']);
      else expect(t.emits).toEqual(['payment.reverted', ...entry]);
    }
  });

  it('leaves a terminal status only by the reorg edges out of confirmed', () => {
    const out = TRANSITIONS.filter((t) => TERMINAL_PAYMENT_STATUSES.includes(t.from));
    expect(out.length).toBeGreaterThan(0);
    for (const t of out) expect([t.from, t.trigger]).toEqual(['confirmed', 'reorg']);
  });

  it('can emit every payment event (payment.overpaid rides on entering confirmed; payment.received_after_close changes no status)', () => {
    const emitted = new Set(TRANSITIONS.flatMap((t) => t.emits));
    const offTable = new Set(['payment.overpaid', 'payment.received_after_close']);
    for (const name of PAYMENT_EVENT_NAMES) if (!offTable.has(name)) expect(emitted).toContain(name);
    expect([...emitted]).not.toContain('payment.received_after_close');
  });

  it('has a scenario for every edge and no scenario for an edge it lacks', () => {
    expect(Object.keys(SCENARIOS).sort()).toEqual(TRANSITIONS.map(keyOf).sort());
  });

  it.each(TRANSITIONS.map((t) => [keyOf(t), t.source, t.rule] as const))(
    '%s (%s: %s) is walked by decide',
    (key) => {
      const [s, event, now] = SCENARIOS[key]!;
      const raw = decide(s, event, now);
      const d = expectOk(raw);
      expect(d.steps?.map(keyOf)).toContain(key);
      expect(tableViolation(s.status, d)).toBeUndefined();
      // The events are exactly those of the edges walked, in order (payment.overpaid rides on entering
      // confirmed), each carrying the status of its own step.
      const expected = (d.steps ?? []).flatMap((step) =>
        findTransition(step.from, step.to, step.trigger)!.emits.map((name) => ({ name, status: step.to })),
      );
      const sent = d.emitted
        .filter((e) => e.name !== 'payment.overpaid' && e.name !== 'payment.received_after_close')
        .map((e) => ({ name: e.name, status: e.status }));
      expect(sent).toEqual(expected);
      if (raw.ok) for (const e of raw.emitted) expect(e.patch).toBeDefined();
      const reverted = d.emitted.find((e) => e.name === 'payment.reverted');
      if (reverted) expect(reverted.previousStatus).toBe(s.status);
    },
  );
});

describe('tableViolation', () => {
  const base = { ok: true, emitted: [], patch: {}, effects: [] } as const;
  it('accepts a chain of table edges ending at the status', () => {
    const steps = [
      { from: 'awaiting_payment', to: 'payment_detected', trigger: 'transfers_changed' },
      { from: 'payment_detected', to: 'underpaid', trigger: 'transfers_changed' },
    ] as const;
    expect(tableViolation('awaiting_payment', { ...base, status: 'underpaid', steps })).toBeUndefined();
  });

  it('rejects an edge the table lacks, a broken chain, and a status change without steps', () => {
    const bad = [{ from: 'cancelled', to: 'confirmed', trigger: 'transfers_changed' }] as const;
    expect(tableViolation('cancelled', { ...base, status: 'confirmed', steps: bad })).toMatch(
      /not in the transition table/,
    );
    const broken = [{ from: 'confirming', to: 'confirmed', trigger: 'transfers_changed' }] as const;
    expect(tableViolation('awaiting_payment', { ...base, status: 'confirmed', steps: broken })).toMatch(
      /does not start/,
    );
    expect(tableViolation('pending', { ...base, status: 'expired', steps: [] })).toMatch(
      /steps end at pending/,
    );
  });
});
