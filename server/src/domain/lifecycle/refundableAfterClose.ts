import { isClosedToFunds } from './closedToFunds.js';
import type { LifecycleSnapshot } from './types.js';

/**
 * Whether the payment is closed to funds and holds some that arrived after the close: a live transfer
 * reported by payment.received_after_close. Such funds may be refunded (and the customer may ask for
 * them) without a status change.
 */
export function refundableAfterClose(snapshot: LifecycleSnapshot, now: Date): boolean {
  return (
    isClosedToFunds(snapshot, now) && snapshot.transfers.some((t) => !t.removed && t.closing === 'reported')
  );
}
