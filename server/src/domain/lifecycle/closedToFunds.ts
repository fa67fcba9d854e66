import type { PaymentStatus } from '@cairn/contract';
import type { LifecycleSnapshot } from './types.js';

/**
 * Statuses in which a payment stops taking money. Entering one marks the transfers live at that
 * moment `held` (they are what the status accounts for; none on expired_reorged, whose funds just
 * left the chain), so that later transfers can be told apart (DecisionDraft).
 */
export const CLOSING_STATUSES: ReadonlySet<PaymentStatus> = new Set([
  'cancelled',
  'refund_requested',
  'refunded',
  'failed',
  'expired_reorged',
  'expired',
  'expired_underpaid',
]);

/**
 * Whether money reaching the payment's deposit address now arrives after the payment closed: it
 * changes no status, and is reported by payment.received_after_close once at depth. True for
 * cancelled, refund_requested, refunded, failed and expired_reorged, and for expired and
 * expired_underpaid once the late grace is over (until then a late payment revives them, which takes
 * precedence at the exact end). Not for confirmed: a reorg can still undo it and its later transfers
 * would then count towards it.
 */
export function isClosedToFunds(snapshot: LifecycleSnapshot, now: Date): boolean {
  switch (snapshot.status) {
    case 'cancelled':
    case 'refund_requested':
    case 'refunded':
    case 'failed':
    case 'expired_reorged':
      return true;
    case 'expired':
    case 'expired_underpaid':
      return now.getTime() >= snapshot.lateGraceEndsAt.getTime();
    default:
      return false;
  }
}
