import { reportFundsAfterClose } from './reportFundsAfterClose.js';
import { summarizeTransfers } from './summarizeTransfers.js';
import type { LifecycleSnapshot, OkDecision } from './types.js';
import { unchanged } from './unchanged.js';

/**
 * The late-grace timer fired. The status does not change. An expired or expired_underpaid payment is
 * now closed to funds: a transfer that reached depth during the grace without reviving it (one that
 * did not add to what was there at expiry) is reported as money after the close. On an expired payment
 * that received nothing, the deposit target may be recycled (release_deposit_target). A stale timer
 * (grace still running), any other status, or an expired payment whose address did receive something
 * changes nothing more: an address that holds funds is never recycled.
 */
export function decideLateGraceEnded(snapshot: LifecycleSnapshot, now: Date): OkDecision {
  const graceOver = now.getTime() >= snapshot.lateGraceEndsAt.getTime();
  const { status } = snapshot;
  if ((status !== 'expired' && status !== 'expired_underpaid') || !graceOver) return unchanged(snapshot);
  const reported = reportFundsAfterClose(snapshot, now);
  if (status !== 'expired' || summarizeTransfers(snapshot).liveCount > 0) return reported;
  return { ...reported, effects: [...reported.effects, { type: 'release_deposit_target' }] };
}
