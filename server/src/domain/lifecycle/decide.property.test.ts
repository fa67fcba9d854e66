// Property tests: random sequences of observations, timers and commands against an evolving payment.
import { type PaymentStatus, TERMINAL_PAYMENT_STATUSES } from '@cairn/contract';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { decide } from './decide.js';
import { tableViolation } from './tableViolation.js';
import { findTransition, TRANSITIONS } from './transitionTable.js';
import type { LifecycleEvent, LifecycleSnapshot, OkDecision, TransferView } from './types.js';

const T0 = Date.parse('2025-03-01T12:00:00Z');
const MINUTE = 60_000;
const WINDOW = 30 * MINUTE;
const GRACE = 12 * 60 * MINUTE;

type AmountKind =
  | 'exact'
  | 'shortWithin'
  | 'shortBeyond'
  | 'overWithin'
  | 'overBeyond'
  | 'remainder'
  | 'half'
  | 'dust';
type Command =
  | { kind: 'send'; amount: AmountKind; confirmations: number; decideNow: boolean }
  | { kind: 'deepen'; pick: number; by: number; decideNow: boolean }
  | { kind: 'unmine' | 'remove' | 'restore'; pick: number; decideNow: boolean }
  | { kind: 'advance'; minutes: number; fireTimers: boolean }
  | { kind: 'event'; event: LifecycleEvent['type']; by: 'customer' | 'merchant'; reason: number };

interface Setup {
  locked: bigint;
  toleranceBps: number;
  thresholdBps: number;
  requiredConfirmations: number;
  /** Whether the service stores the optional confirmedAmount / receivedAtExpiry patch fields. */
  persistExtras: boolean;
  /** Most runs start with the chain pick, the only way out of pending other than cancel or expiry. */
  selectFirst: boolean;
}

interface World {
  setup: Setup;
  s: LifecycleSnapshot;
  now: number;
  confirmedEventsThisStay: number;
  feeChargesThisStay: number;
  nextKey: number;
  /** Transfers reported by payment.received_after_close so far (never twice). */
  reportedKeys: Set<string>;
}

const REASONS = ['insufficient_balance', 'estimate_revert', 'settlement_reverted'] as const;
const EVENT_TYPES: readonly LifecycleEvent['type'][] = [
  'chain_selected',
  'window_closed',
  'late_grace_ended',
  'cancel',
  'accept_shortfall',
  'refund_requested',
  'refund_recorded',
  'settlement_failed',
  'transfers_changed',
];

const setupArb: fc.Arbitrary<Setup> = fc.record({
  locked: fc.oneof(fc.bigInt(1_000n, 10n ** 9n), fc.bigInt(10n ** 15n, 10n ** 21n)),
  toleranceBps: fc.constantFrom(0, 1, 50, 100, 500),
  thresholdBps: fc.constantFrom(0, 1, 100, 1_000),
  requiredConfirmations: fc.integer({ min: 0, max: 6 }),
  persistExtras: fc.boolean(),
  selectFirst: fc.constantFrom(true, true, true, true, true, true, true, false),
});

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('send' as const),
      amount: fc.constantFrom<AmountKind>(
        'exact',
        'shortWithin',
        'shortBeyond',
        'overWithin',
        'overBeyond',
        'remainder',
        'half',
        'dust',
      ),
      confirmations: fc.constantFrom(0, 0, 1, 2, 8),
      decideNow: fc.constantFrom(true, true, true, true, false),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('deepen' as const),
      pick: fc.nat(),
      by: fc.integer({ min: 1, max: 4 }),
      decideNow: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('unmine' as const, 'remove' as const, 'restore' as const),
      pick: fc.nat(),
      decideNow: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      minutes: fc.constantFrom(1, 10, 25, 360, 780),
      fireTimers: fc.constantFrom(true, true, true, false),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('event' as const),
      event: fc.constantFrom(...EVENT_TYPES),
      by: fc.constantFrom('customer' as const, 'merchant' as const),
      reason: fc.nat({ max: 2 }),
    }),
  },
);

const liveSum = (transfers: readonly TransferView[]): bigint =>
  transfers.filter((t) => !t.removed).reduce((sum, t) => sum + t.amount, 0n);

/** The documented formulas (docs/lifecycle.md), written again independently of the module. */
const covers = (received: bigint, setup: Setup) =>
  received * 10_000n >= setup.locked * (10_000n - BigInt(setup.toleranceBps));
const overpaysBeyond = (received: bigint, setup: Setup) =>
  (received - setup.locked) * 10_000n > setup.locked * BigInt(setup.thresholdBps);

/** Funds arriving now come after the payment's close (docs/decisions.md), written again here. */
const ALWAYS_CLOSED: readonly PaymentStatus[] = [
  'cancelled',
  'refund_requested',
  'refunded',
  'failed',
  'expired_reorged',
];
const closedToFunds = (s: LifecycleSnapshot, now: number) =>
  ALWAYS_CLOSED.includes(s.status) ||
  (['expired', 'expired_underpaid'].includes(s.status) && now >= s.lateGraceEndsAt.getTime());
const CLOSING: readonly PaymentStatus[] = [...ALWAYS_CLOSED, 'expired', 'expired_underpaid'];
/** Live transfers at the required depth that no close holds and no event reported yet. */
const unreportedAtDepth = (s: LifecycleSnapshot, setup: Setup) =>
  s.transfers.filter(
    (t) =>
      !t.removed && t.closing === undefined && t.confirmations >= Math.max(1, setup.requiredConfirmations),
  );

function amountFor(kind: AmountKind, setup: Setup, received: bigint): bigint {
  const { locked: l } = setup;
  const tol = BigInt(setup.toleranceBps);
  const thr = BigInt(setup.thresholdBps);
  const amounts: Record<AmountKind, bigint> = {
    exact: l,
    shortWithin: l - (l * tol) / 20_000n,
    shortBeyond: (l * (10_000n - tol)) / 10_000n - 1n - l / 100n,
    overWithin: l + (l * thr) / 20_000n,
    overBeyond: l + (l * thr) / 10_000n + 1n + l / 50n,
    remainder: l - received,
    half: l / 2n,
    dust: 1n,
  };
  return amounts[kind] > 0n ? amounts[kind] : 1n;
}

function initialWorld(setup: Setup): World {
  return {
    setup,
    now: T0,
    confirmedEventsThisStay: 0,
    feeChargesThisStay: 0,
    nextKey: 0,
    reportedKeys: new Set(),
    s: {
      status: 'pending',
      expiresAt: new Date(T0 + 2 * WINDOW),
      lateGraceEndsAt: new Date(T0 + 2 * WINDOW + GRACE),
      revived: false,
      overpaid: false,
      feeCharged: false,
      lockedAmount: null,
      underpaymentToleranceBps: setup.toleranceBps,
      overpaymentThresholdBps: setup.thresholdBps,
      requiredConfirmations: setup.requiredConfirmations,
      transfers: [],
    },
  };
}

function toEvent(cmd: Extract<Command, { kind: 'event' }>, now: number): LifecycleEvent {
  switch (cmd.event) {
    case 'chain_selected':
      return {
        type: 'chain_selected',
        expiresAt: new Date(now + WINDOW),
        lateGraceEndsAt: new Date(now + WINDOW + GRACE),
      };
    case 'cancel':
      return { type: 'cancel', by: cmd.by };
    case 'settlement_failed':
      return { type: 'settlement_failed', reason: REASONS[cmd.reason]! };
    default:
      return { type: cmd.event };
  }
}

/** The transfers' closing marks after the decision's effects, as the service stores them. */
function markTransfers(transfers: readonly TransferView[], d: OkDecision): TransferView[] {
  let marked = [...transfers];
  for (const effect of d.effects) {
    if (effect.type === 'hold_transfers') {
      marked = marked.map(({ closing, ...t }) =>
        closing === 'reported'
          ? { ...t, closing }
          : effect.keys.includes(t.key)
            ? { ...t, closing: 'held' }
            : t,
      );
    }
    if (effect.type === 'mark_transfer_reported') {
      marked = marked.map((t) => (t.key === effect.key ? { ...t, closing: 'reported' } : t));
    }
  }
  return marked;
}

/** What the service stores from a decision. */
function apply(w: World, d: OkDecision, event: LifecycleEvent): LifecycleSnapshot {
  const { patch } = d;
  const extras = w.setup.persistExtras
    ? {
        ...(patch.confirmedAmount !== undefined && { confirmedAmount: patch.confirmedAmount }),
        ...(patch.receivedAtExpiry !== undefined && { receivedAtExpiry: patch.receivedAtExpiry }),
      }
    : {};
  return {
    ...w.s,
    ...extras,
    status: d.status,
    revived: patch.revived ?? w.s.revived,
    overpaid: patch.overpaid ?? w.s.overpaid,
    feeCharged: patch.feeCharged ?? w.s.feeCharged,
    expiresAt: patch.expiresAt ?? w.s.expiresAt,
    lateGraceEndsAt: patch.lateGraceEndsAt ?? w.s.lateGraceEndsAt,
    lockedAmount:
      event.type === 'chain_selected' && d.status === 'awaiting_payment' ? w.setup.locked : w.s.lockedAmount,
    refundRequested: w.s.refundRequested === true || event.type === 'refund_requested',
    transfers: markTransfers(w.s.transfers, d),
  };
}

const edgesSeen = new Set<string>();
/** Closing statuses on which money after the close was reported, and the after-close commands taken. */
const afterCloseSeen = new Set<string>();
const terminal = (status: PaymentStatus) => TERMINAL_PAYMENT_STATUSES.includes(status);

/** Decides `event` now, checks every invariant, and stores the result. */
function step(w: World, event: LifecycleEvent): void {
  const s = w.s;
  const now = new Date(w.now);
  const d = decide(s, event, now);
  expect(decide(s, event, now)).toEqual(d); // deterministic, and the snapshot was not mutated
  const live = s.transfers.filter((t) => !t.removed);
  const received = liveSum(s.transfers);

  // Cancel never succeeds once a live transfer exists.
  if (event.type === 'cancel' && live.length > 0) expect(d.ok).toBe(false);
  // A revived payment is never expired by window_closed (or anything else).
  if (s.revived && d.ok) expect(['expired', 'expired_underpaid']).not.toContain(d.status);
  if (s.revived && event.type === 'window_closed' && d.ok) expect(d.status).toBe(s.status);

  // Removed transfers never count: a removed transfer of any size changes nothing.
  if (w.setup.persistExtras) {
    const junk: TransferView = { key: 'junk', amount: w.setup.locked * 3n, confirmations: 99, removed: true };
    expect(decide({ ...s, transfers: [...s.transfers, junk] }, event, now)).toEqual(d);
  }
  if (!d.ok) return;

  // Every transition is an edge of the table; events follow the steps in order. Off the table: the
  // overpaid flag's event, money after the close, and a refund request for it (no status change).
  expect(tableViolation(s.status, d)).toBeUndefined();
  const steps = d.steps ?? [];
  for (const st of steps) edgesSeen.add(`${st.from}>${st.to}@${st.trigger}`);
  const stepEvents = steps.flatMap((st) => findTransition(st.from, st.to, st.trigger)!.emits);
  const lateMoney = d.emitted.filter((e) => e.name === 'payment.received_after_close');
  const statusEvents = d.emitted
    .map((e) => e.name)
    .filter((n) => n !== 'payment.overpaid' && n !== 'payment.received_after_close');
  const reportedLive = s.transfers.some((t) => !t.removed && t.closing === 'reported');
  if (event.type === 'refund_requested' && steps.length === 0) {
    // The customer asks for the money that arrived after the close: announced once, status kept.
    expect(statusEvents).toEqual(['payment.refund_requested']);
    expect([closedToFunds(s, w.now), reportedLive, s.refundRequested === true]).toEqual([true, true, false]);
    afterCloseSeen.add('refund request');
  } else {
    expect(statusEvents).toEqual(stepEvents);
  }
  expect(new Set(statusEvents).size).toBe(statusEvents.length);
  if (steps.length === 0) expect(d.status).toBe(s.status);
  if (d.status === s.status && event.type !== 'refund_requested') expect(statusEvents).toEqual([]);
  if (event.type === 'refund_recorded' && steps.length === 0) {
    // A refund of money after the close, on a payment holding some.
    expect([closedToFunds(s, w.now), reportedLive]).toEqual([true, true]);
    afterCloseSeen.add('refund');
  }

  // Money after the close: only on a payment closed to funds, no status change, one event per live
  // transfer at depth that no close holds, each marked reported in the same decision, never twice.
  const depth = Math.max(1, w.setup.requiredConfirmations);
  for (const e of lateMoney) {
    expect([closedToFunds(s, w.now), steps.length, d.status]).toEqual([true, 0, s.status]);
    const t = s.transfers.find((x) => x.key === e.transferKey)!;
    expect([t.removed, t.closing, t.confirmations >= depth]).toEqual([false, undefined, true]);
    expect(e.transferAmount).toBe(t.amount);
    expect(w.reportedKeys.has(t.key)).toBe(false);
    w.reportedKeys.add(t.key);
    expect(d.effects).toContainEqual({ type: 'mark_transfer_reported', key: t.key });
    afterCloseSeen.add(s.status);
  }
  expect(effects0(d, 'mark_transfer_reported')).toBe(lateMoney.length);
  // Holds come only with entering a closing status: the transfers live then (none on expired_reorged).
  const holds = d.effects.filter((e) => e.type === 'hold_transfers');
  expect(holds.length).toBeLessThanOrEqual(1);
  const lastClosing = steps.filter((st) => CLOSING.includes(st.to)).at(-1);
  if (holds.length === 1) {
    expect(lastClosing).toBeDefined();
    const expected =
      lastClosing!.to === 'expired_reorged'
        ? []
        : s.transfers.filter((t) => !t.removed && t.closing !== 'reported').map((t) => t.key);
    expect(holds[0]).toEqual({ type: 'hold_transfers', keys: expected });
  }

  // Terminal states stay terminal, except confirmed through its reorg edges.
  if (terminal(s.status) && d.status !== s.status) {
    expect(s.status).toBe('confirmed');
    expect(steps[0]!.trigger).toBe('reorg');
  }

  // payment.confirmed only on becoming confirmed; fee charged only then, reversed only on leaving.
  const entering = s.status !== 'confirmed' && d.status === 'confirmed';
  const leaving = s.status === 'confirmed' && d.status !== 'confirmed';
  const count = (name: string) => d.emitted.filter((e) => e.name === name).length;
  const effects = (type: string) => d.effects.filter((e) => e.type === type).length;
  expect(count('payment.confirmed')).toBe(entering ? 1 : 0);
  expect(effects('charge_fee')).toBe(entering && !s.feeCharged ? 1 : 0);
  expect(effects('reverse_fee')).toBe(leaving && s.feeCharged ? 1 : 0);
  if (entering) {
    w.confirmedEventsThisStay = 0;
    w.feeChargesThisStay = 0;
  }
  w.confirmedEventsThisStay += count('payment.confirmed');
  w.feeChargesThisStay += effects('charge_fee');
  expect(w.confirmedEventsThisStay).toBeLessThanOrEqual(1);
  expect(w.feeChargesThisStay).toBeLessThanOrEqual(1);

  // Amounts are the sum of live transfers.
  for (const e of d.emitted) {
    if (e.name === 'payment.underpaid') {
      expect(e.amountDue).toBe(w.setup.locked - received);
      expect(covers(received, w.setup)).toBe(false);
    }
    if (e.name === 'payment.overpaid') expect(e.excessAmount).toBe(received - w.setup.locked);
  }
  if (entering) {
    expect(count('payment.overpaid')).toBe(overpaysBeyond(received, w.setup) ? 1 : 0);
    expect(d.patch.confirmedAmount).toBe(received);
    if (event.type === 'transfers_changed' || event.type === 'window_closed')
      expect(covers(received, w.setup)).toBe(true);
  }
  if (d.patch.receivedAtExpiry !== undefined) expect(d.patch.receivedAtExpiry).toBe(received);
  // An address is released only once the late grace is over on an expired payment that holds nothing.
  if (d.effects.some((e) => e.type === 'release_deposit_target')) {
    expect([s.status, d.status, live.length]).toEqual(['expired', 'expired', 0]);
    expect(w.now).toBeGreaterThanOrEqual(s.lateGraceEndsAt.getTime());
  }
  if (['expired', 'expired_underpaid'].includes(d.status) && d.status !== s.status) {
    expect(w.now).toBeGreaterThanOrEqual(s.expiresAt.getTime());
  }

  w.s = apply(w, d, event);
  expect(w.s.feeCharged).toBe(w.s.status === 'confirmed');
  // Entering a closing status leaves every live transfer held or reported (none held on expired_reorged).
  if (lastClosing !== undefined && d.status === lastClosing.to) {
    const live = w.s.transfers.filter((t) => !t.removed);
    if (d.status === 'expired_reorged') expect(w.s.transfers.some((t) => t.closing === 'held')).toBe(false);
    else expect(live.every((t) => t.closing !== undefined)).toBe(true);
  }
  // After an observation, or the end of an expired payment's grace, nothing at depth is left unreported
  // on a closed payment.
  const graceEnd = event.type === 'late_grace_ended' && ['expired', 'expired_underpaid'].includes(s.status);
  if ((event.type === 'transfers_changed' || graceEnd) && closedToFunds(w.s, w.now)) {
    expect(unreportedAtDepth(w.s, w.setup)).toEqual([]);
  }

  // Idempotence: deciding the same event again on the stored result emits and changes nothing.
  const again = decide(w.s, event, now);
  if (again.ok) {
    expect(again.emitted).toEqual([]);
    expect(again.status).toBe(w.s.status);
    expect(again.effects.filter((e) => e.type !== 'release_deposit_target')).toEqual([]);
  }
}

const effects0 = (d: OkDecision, type: string) => d.effects.filter((e) => e.type === type).length;

function run(setup: Setup, commands: readonly Command[]): void {
  const w = initialWorld(setup);
  if (setup.selectFirst)
    step(w, toEvent({ kind: 'event', event: 'chain_selected', by: 'customer', reason: 0 }, w.now));
  for (const cmd of commands) {
    if (cmd.kind === 'advance') {
      const before = w.now;
      w.now += cmd.minutes * MINUTE;
      // Timers that came due fire (or, without fireTimers, are late: the next events race them).
      const due = (at: Date) => cmd.fireTimers && before < at.getTime() && at.getTime() <= w.now;
      if (due(w.s.expiresAt)) step(w, { type: 'window_closed' });
      if (due(w.s.lateGraceEndsAt)) step(w, { type: 'late_grace_ended' });
      continue;
    }
    if (cmd.kind === 'event') {
      step(w, toEvent(cmd, w.now));
      continue;
    }
    const transfers = [...w.s.transfers];
    if (cmd.kind === 'send') {
      if (w.s.lockedAmount === null) continue; // no deposit address before a chain is picked
      const amount = amountFor(cmd.amount, setup, liveSum(transfers));
      w.nextKey += 1;
      transfers.push({ key: `t${w.nextKey}`, amount, confirmations: cmd.confirmations, removed: false });
    } else {
      if (transfers.length === 0) continue;
      const i = cmd.pick % transfers.length;
      const t = transfers[i]!;
      if (cmd.kind === 'deepen' && !t.removed)
        transfers[i] = { ...t, confirmations: t.confirmations + cmd.by };
      if (cmd.kind === 'unmine') transfers[i] = { ...t, confirmations: 0 };
      if (cmd.kind === 'remove') transfers[i] = { ...t, removed: true };
      if (cmd.kind === 'restore') transfers[i] = { ...t, removed: false, confirmations: 1 };
    }
    w.s = { ...w.s, transfers };
    if (cmd.decideNow) step(w, { type: 'transfers_changed' });
  }
}

describe('decide over random event sequences', () => {
  it('keeps every lifecycle invariant', () => {
    fc.assert(
      fc.property(setupArb, fc.array(commandArb, { minLength: 1, maxLength: 50 }), (setup, commands) => {
        run(setup, commands);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reaches every edge of the transition table', () => {
    // A directed walk to the rarer corners, so the coverage check below does not rely on luck alone.
    const pick: Command = { kind: 'event', event: 'chain_selected', by: 'customer', reason: 0 };
    const send = (amount: AmountKind, confirmations = 0): Command => ({
      kind: 'send',
      amount,
      confirmations,
      decideNow: true,
    });
    const expire: Command = { kind: 'advance', minutes: 45, fireTimers: true };
    const grace: Command = { kind: 'advance', minutes: 780, fireTimers: true };
    const deepen = (pick: number, by: number): Command => ({ kind: 'deepen', pick, by, decideNow: true });
    const restore = (pick: number): Command => ({ kind: 'restore', pick, decideNow: true });
    const event = (type: LifecycleEvent['type']): Command => ({
      kind: 'event',
      event: type,
      by: 'merchant',
      reason: 2,
    });
    const sequences: Command[][] = [
      [pick, send('exact', 8), { kind: 'remove', pick: 0, decideNow: true }],
      [pick, send('exact', 8), expire, { kind: 'remove', pick: 0, decideNow: true }],
      [
        pick,
        send('half', 1),
        send('half', 1),
        { kind: 'remove', pick: 1, decideNow: true },
        expire,
        send('dust'),
      ],
      // A covering top-up still in the mempool, dropped: back to underpaid.
      [pick, send('half', 1), send('half'), { kind: 'remove', pick: 1, decideNow: true }],
      [pick, send('half'), expire, event('refund_requested'), event('refund_recorded')],
      [pick, send('half'), expire, event('refund_recorded')],
      [pick, send('half'), expire, send('remainder')],
      [pick, expire, send('half')],
      // Money after the close, on every closing status (and refunds of it).
      [pick, event('cancel'), send('exact', 8), event('refund_requested'), event('refund_recorded')],
      [pick, send('half', 8), event('refund_requested'), send('half', 8), event('refund_recorded')],
      [pick, send('half', 8), event('refund_recorded'), send('dust', 8), event('refund_requested')],
      [pick, send('exact'), event('settlement_failed'), send('dust'), deepen(1, 2)],
      [
        pick,
        send('exact', 8),
        expire,
        { kind: 'remove', pick: 0, decideNow: true },
        restore(0),
        deepen(0, 1),
      ],
      [pick, expire, grace, send('exact', 8), event('refund_recorded')],
      [pick, send('half', 8), expire, grace, send('dust', 1), deepen(1, 1)],
      // A transfer that did not revive during the grace is reported when the grace ends.
      [pick, send('half', 8), expire, { kind: 'remove', pick: 0, decideNow: true }, send('dust', 8), grace],
    ];
    for (const commands of sequences) {
      const setup = { locked: 1_000_000n, toleranceBps: 50, thresholdBps: 100, requiredConfirmations: 2 };
      run({ ...setup, persistExtras: true, selectFirst: false }, commands);
    }
  });

  afterAll(() => {
    const missing = TRANSITIONS.map((t) => `${t.from}>${t.to}@${t.trigger}`).filter((k) => !edgesSeen.has(k));
    expect(missing).toEqual([]);
    expect([...afterCloseSeen].sort()).toEqual([...CLOSING, 'refund', 'refund request'].sort());
  });
});
