import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for the dashboard's Reports (docs/reports.md), whose every figure is a range of one business's
 * rows in one mode. Volume, confirmations and creations already have theirs (`payments_confirmed_at_idx`,
 * `payments_list_idx`); these two make the remaining ranges index ranges instead of scans of all the
 * business's expired payments or underpaid events. Both are partial, so they hold (and cost writes for)
 * only the rows they serve.
 */
export class Migration20261128130000_reports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index payments_expired_idx on payments (business_id, mode, expires_at)
        where status in ('expired', 'expired_underpaid');
      create index outbox_events_underpaid_idx on outbox_events (business_id, mode, created_at)
        where event = 'payment.underpaid';
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop index if exists outbox_events_underpaid_idx; drop index if exists payments_expired_idx;',
    );
  }
}
