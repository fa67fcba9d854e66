import { DecisionDraft } from './decisionDraft.js';
import { refuse } from './refuse.js';
import { summarizeTransfers } from './summarizeTransfers.js';
import type { Decision, LifecycleSnapshot } from './types.js';

/**
 * The merchant accepts the shortfall of an underpaid payment: -> confirmed (payment.confirmed, fee,
 * timers cancelled). Only once every live transfer is at the required depth (the money accepted must be
 * final), and only when something was received.
 */
export function decideAcceptShortfall(snapshot: LifecycleSnapshot, now: Date): Decision {
  if (snapshot.status !== 'underpaid') {
    return refuse(
      'INVALID_PAYMENT_STATE',
      `Only an underpaid payment's shortfall can be accepted; it is ${snapshot.status}.`,
    );
  }
  const summary = summarizeTransfers(snapshot);
  if (summary.liveCount === 0) {
    return refuse(
      'INVALID_PAYMENT_STATE',
      'Nothing has been received for this payment; there is no amount to accept.',
    );
  }
  if (!summary.allAtDepth) {
    return refuse(
      'INVALID_PAYMENT_STATE',
      'Wait for confirmations: not every transfer has reached the required depth.',
    );
  }
  return new DecisionDraft(snapshot, now, summary).enter('confirmed', 'accept_shortfall').finish();
}
