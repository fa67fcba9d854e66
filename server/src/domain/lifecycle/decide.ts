import { decideAcceptShortfall } from './decideAcceptShortfall.js';
import { decideCancel } from './decideCancel.js';
import { decideChainSelected } from './decideChainSelected.js';
import { decideExpireNow } from './decideExpireNow.js';
import { decideLateGraceEnded } from './decideLateGraceEnded.js';
import { decideRefundRecorded } from './decideRefundRecorded.js';
import { decideRefundRequested } from './decideRefundRequested.js';
import { decideSettlementFailed } from './decideSettlementFailed.js';
import { decideTransfersChanged } from './decideTransfersChanged.js';
import { decideWindowClosed } from './decideWindowClosed.js';
import { tableViolation } from './tableViolation.js';
import type { Decision, LifecycleEvent, LifecycleSnapshot } from './types.js';

/**
 * What `event` does to a payment: its next status, the webhook events to emit in order, the fields to
 * store and the effects to run. Pure: no I/O, no clock (time is `now`), no randomness; the service
 * applies the result in one transaction.
 *
 * Decisions are functions of the current view (status, deadlines, transfers), not of which observation
 * arrived, so the same snapshot and event give the same answer and, once applied, deciding again emits
 * nothing. One event may walk several edges (a deep first sighting: detected, confirming, confirmed);
 * each step's trigger is what causes it, e.g. a window_closed event on a payment with an undecided
 * partial transfer walks payment_detected and underpaid on transfers_changed, then expired_underpaid on
 * window_closed. Every result is checked against TRANSITIONS; a violation is a bug here and throws.
 */
export function decide(snapshot: LifecycleSnapshot, event: LifecycleEvent, now: Date): Decision {
  const decision = dispatch(snapshot, event, now);
  if (decision.ok) {
    const violation = tableViolation(snapshot.status, decision);
    if (violation !== undefined) throw new Error(`lifecycle: ${event.type}: ${violation}`);
  }
  return decision;
}

function dispatch(snapshot: LifecycleSnapshot, event: LifecycleEvent, now: Date): Decision {
  switch (event.type) {
    case 'chain_selected':
      return decideChainSelected(snapshot, event, now);
    case 'transfers_changed':
      return decideTransfersChanged(snapshot, now);
    case 'window_closed':
      return decideWindowClosed(snapshot, now);
    case 'expire_now':
      return decideExpireNow(snapshot, now);
    case 'late_grace_ended':
      return decideLateGraceEnded(snapshot, now);
    case 'cancel':
      return decideCancel(snapshot, event, now);
    case 'accept_shortfall':
      return decideAcceptShortfall(snapshot, now);
    case 'refund_requested':
      return decideRefundRequested(snapshot, now);
    case 'refund_recorded':
      return decideRefundRecorded(snapshot, now);
    case 'settlement_failed':
      return decideSettlementFailed(snapshot, event, now);
  }
}
