import { Migration } from '@mikro-orm/migrations';

/**
 * The events API (GET /api/v1/events): a business's events in one mode, newest first, keyset-paged on
 * `seq` (the order they were written, unique). The payment filter keeps using
 * `outbox_events_payment_idx`.
 */
export class Migration20261125040000_events extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index outbox_events_list_idx on outbox_events (business_id, mode, seq desc);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index outbox_events_list_idx;');
  }
}
