// Shared fixtures for the lifecycle tests (not used by production code).
import { expect } from 'vitest';
import type { Decision, LifecycleSnapshot, OkDecision, TransferView } from './types.js';

export const T0 = Date.parse('2025-03-01T12:00:00Z');
export const minutesAfterStart = (minutes: number): Date => new Date(T0 + minutes * 60_000);

/** Window: 30 min from T0; late grace: 12 h after that. */
export const EXPIRES_AT = minutesAfterStart(30);
export const LATE_GRACE_ENDS_AT = minutesAfterStart(30 + 12 * 60);
export const BEFORE_EXPIRY = minutesAfterStart(10);
export const AFTER_EXPIRY = minutesAfterStart(45);
export const AFTER_GRACE = minutesAfterStart(30 + 13 * 60);

/** 1 000 000 units, tolerance 0.5 % (covered from 995 000), threshold 1 % (overpaid above 1 010 000). */
export const LOCKED = 1_000_000n;
export const COVERED_MIN = 995_000n;
export const DEPTH = 2;

export function snapshot(overrides: Partial<LifecycleSnapshot> = {}): LifecycleSnapshot {
  return {
    status: 'awaiting_payment',
    expiresAt: EXPIRES_AT,
    lateGraceEndsAt: LATE_GRACE_ENDS_AT,
    revived: false,
    overpaid: false,
    feeCharged: false,
    lockedAmount: LOCKED,
    underpaymentToleranceBps: 50,
    overpaymentThresholdBps: 100,
    requiredConfirmations: DEPTH,
    transfers: [],
    ...overrides,
  };
}

let counter = 0;
export function transfer(amount: bigint, confirmations = 0, removed = false): TransferView {
  counter += 1;
  return { key: `tx${counter}:0`, amount, confirmations, removed };
}

/** A confirmed payment as the lifecycle leaves it (fee charged, confirmedAmount stored). */
export function confirmedSnapshot(overrides: Partial<LifecycleSnapshot> = {}): LifecycleSnapshot {
  const transfers = overrides.transfers ?? [transfer(LOCKED, DEPTH)];
  const confirmedAmount = transfers.filter((t) => !t.removed).reduce((sum, t) => sum + t.amount, 0n);
  return snapshot({ status: 'confirmed', feeCharged: true, confirmedAmount, transfers, ...overrides });
}

/**
 * The decision, which must be ok, with each event's `patch` left out so tests can compare events as
 * name, status and details (the patch at each event is checked in transitionTable.test.ts).
 */
export function expectOk(decision: Decision): OkDecision {
  if (!decision.ok) expect.fail(`expected ok, got ${decision.code}: ${decision.message}`);
  return { ...decision, emitted: decision.emitted.map(({ patch: _patch, ...event }) => event) };
}

export const names = (decision: Decision): string[] => expectOk(decision).emitted.map((e) => e.name);

export function expectUnchanged(decision: Decision, status: LifecycleSnapshot['status']): void {
  const ok = expectOk(decision);
  expect(ok.status).toBe(status);
  expect(ok.emitted).toEqual([]);
  expect(ok.patch).toEqual({});
  expect(ok.effects).toEqual([]);
}

export function expectRefused(
  decision: Decision,
  code: 'PAYMENT_NOT_CANCELLABLE' | 'INVALID_PAYMENT_STATE',
): void {
  expect(decision.ok).toBe(false);
  if (!decision.ok) expect(decision.code).toBe(code);
}

/** `s` after a reorg changed transfer `index` (removed, or back to `confirmations`). */
export function reorged(
  s: LifecycleSnapshot,
  index: number,
  change: Partial<TransferView>,
): LifecycleSnapshot {
  return { ...s, transfers: s.transfers.map((t, i) => (i === index ? { ...t, ...change } : t)) };
}
