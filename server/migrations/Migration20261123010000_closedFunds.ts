import { Migration } from '@mikro-orm/migrations';

/**
 * Funds on closed payments, and cancelled payments' addresses recycled (docs/decisions.md, "Money
 * after the close" and "Bitcoin family").
 *
 * - `transfers.closing`: how a transfer stands towards its payment's closing, as the lifecycle decided:
 *   `held` (live when the payment last closed, so part of what it accounts for) or `reported` (arrived
 *   after the close and reported once by payment.received_after_close). Transfers already live on a
 *   closed payment whose status accounts for them (refund_requested, refunded, failed,
 *   expired_underpaid) are marked held, so they are never reported as late money; on cancelled,
 *   expired and expired_reorged payments nothing is live at the close, so their live transfers arrived
 *   after it and stay unmarked (reported on their next observation).
 * - `refunds.after_close`: the refund was of funds that arrived after the close (the status did not
 *   change); such refunds are capped by `amount_received_after_close`.
 * - Endpoints subscribed to every payment event (the default) also get payment.received_after_close.
 * - The recycling index covers cancelled payments as well as expired ones.
 */
export class Migration20261123010000_closedFunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table transfers add column closing text check (closing in ('held', 'reported'));
      update transfers t set closing = 'held'
        from payments p
       where p.id = t.payment_id and not t.removed
         and p.status in ('refund_requested', 'refunded', 'failed', 'expired_underpaid');

      alter table refunds add column after_close boolean not null default false;

      update webhook_endpoints
         set events = array_append(events, 'payment.received_after_close')
       where events @> array[
               'payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.confirmed',
               'payment.overpaid', 'payment.underpaid', 'payment.refund_requested', 'payment.refunded',
               'payment.cancelled', 'payment.expired', 'payment.expired_underpaid',
               'payment.expired_reorged', 'payment.failed'
             ]::text[]
         and not ('payment.received_after_close' = any (events));

      drop index payments_recyclable_idx;
      create index payments_recyclable_idx on payments (wallet_id, derivation_index)
        where status in ('expired', 'cancelled') and not derivation_index_recycled;
    `);
  }
}
