import { summarizeTransfers } from './summarizeTransfers.js';
import type { LifecycleSnapshot, OkDecision } from './types.js';
import { unchanged } from './unchanged.js';

/**
 * The late-grace timer fired. On an expired payment that received nothing, the deposit target may be
 * recycled (release_deposit_target); the status does not change. A stale timer (grace still running),
 * any other status, or an expired payment whose address did receive something (a transfer after the
 * grace) changes nothing: an address that holds funds is never recycled.
 */
export function decideLateGraceEnded(snapshot: LifecycleSnapshot, now: Date): OkDecision {
  const graceOver = now.getTime() >= snapshot.lateGraceEndsAt.getTime();
  if (snapshot.status !== 'expired' || !graceOver || summarizeTransfers(snapshot).liveCount > 0) {
    return unchanged(snapshot);
  }
  return { ...unchanged(snapshot), effects: [{ type: 'release_deposit_target' }] };
}
