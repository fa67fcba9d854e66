import { decideWindowClosed } from './decideWindowClosed.js';
import { refuse } from './refuse.js';
import type { Decision, LifecycleSnapshot } from './types.js';

/** The statuses whose window can still end (docs/lifecycle.md: pending, awaiting_payment, underpaid). */
const EXPIRABLE = new Set(['pending', 'awaiting_payment', 'underpaid']);

/**
 * Test mode's "expire now" (POST /api/v1/test_helpers/payments/{id}/expire): the window ends at `now`
 * and the window timer's own decision (decideWindowClosed) follows, with the deadlines moved to match
 * (expiresAt = now; the late grace keeps its length after it). A payment whose window cannot end is
 * refused with INVALID_PAYMENT_STATE: a covered one (payment_detected, confirming: rule 1 says it never
 * expires), a revived one (never expired again), every closed or final status, and one that a
 * transfer stored but not yet decided on already covers (the timer would move it on, not expire it).
 * The new deadlines show in the emitted events' payment too.
 */
export function decideExpireNow(snapshot: LifecycleSnapshot, now: Date): Decision {
  if (!EXPIRABLE.has(snapshot.status)) {
    return refuse('INVALID_PAYMENT_STATE', `A ${snapshot.status} payment's window cannot be ended.`);
  }
  if (snapshot.revived) {
    return refuse('INVALID_PAYMENT_STATE', 'A revived payment is never expired again.');
  }
  const grace = snapshot.lateGraceEndsAt.getTime() - snapshot.expiresAt.getTime();
  const deadlines = { expiresAt: now, lateGraceEndsAt: new Date(now.getTime() + grace) };
  const decision = decideWindowClosed({ ...snapshot, ...deadlines }, now);
  if (decision.status !== 'expired' && decision.status !== 'expired_underpaid') {
    return refuse('INVALID_PAYMENT_STATE', 'A transaction covering this payment was already seen.');
  }
  const emitted = decision.emitted.map((e) => (e.patch ? { ...e, patch: { ...e.patch, ...deadlines } } : e));
  return { ...decision, emitted, patch: { ...decision.patch, ...deadlines } };
}
