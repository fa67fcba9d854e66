import { Migration } from '@mikro-orm/migrations';

/**
 * `payment.reverted` (docs/lifecycle.md): endpoints subscribed to every payment event there was (the
 * default) also get the new event, as they got payment.received_after_close. Endpoints that chose
 * their events keep their choice.
 */
export class Migration20261127130000_paymentReverted extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      update webhook_endpoints
         set events = array_append(events, 'payment.reverted')
       where events @> array[
               'payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.confirmed',
               'payment.overpaid', 'payment.underpaid', 'payment.refund_requested', 'payment.refunded',
               'payment.cancelled', 'payment.expired', 'payment.expired_underpaid',
               'payment.expired_reorged', 'payment.failed', 'payment.received_after_close'
             ]::text[]
         and not ('payment.reverted' = any (events));
    `);
  }

  /** Back to the previous event list: no endpoint names payment.reverted (that code never sends it). */
  override async down(): Promise<void> {
    this.addSql(`
      update webhook_endpoints
         set events = array_remove(events, 'payment.reverted')
       where 'payment.reverted' = any (events);
    `);
  }
}
