import { isClosedToFunds } from './closedToFunds.js';
import type { Effect, EmittedEvent, LifecycleSnapshot, OkDecision } from './types.js';
import { unchanged } from './unchanged.js';

/**
 * Funds on a closed payment (`isClosedToFunds`): every live transfer that is neither held by the
 * close nor reported yet, and has reached the payment's required depth (at least 1: a mempool
 * sighting can still vanish), is reported by one payment.received_after_close carrying it, and marked
 * reported (`mark_transfer_reported`) in the same decision, so it is never reported twice, whatever
 * the watcher reports again. The status does not change. Transfers still below depth wait for their
 * next observation.
 */
export function reportFundsAfterClose(snapshot: LifecycleSnapshot, now: Date): OkDecision {
  if (!isClosedToFunds(snapshot, now)) return unchanged(snapshot);
  const depth = Math.max(1, snapshot.requiredConfirmations);
  const emitted: EmittedEvent[] = [];
  const effects: Effect[] = [];
  for (const t of snapshot.transfers) {
    if (t.removed || t.closing !== undefined || t.confirmations < depth) continue;
    emitted.push({
      name: 'payment.received_after_close',
      status: snapshot.status,
      transferKey: t.key,
      transferAmount: t.amount,
    });
    effects.push({ type: 'mark_transfer_reported', key: t.key });
  }
  return { ...unchanged(snapshot), emitted, effects };
}
