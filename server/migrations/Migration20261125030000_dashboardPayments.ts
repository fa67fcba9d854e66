import { Migration } from '@mikro-orm/migrations';

/**
 * The dashboard's payments list (docs/decisions.md, "Dashboard"): a status filter and
 * a search by customer email or order id must stay keyset-fast at a million payments in one business,
 * like the unfiltered list (`payments_list_idx`). The email search is case-insensitive, so its index is
 * on `lower(customer_email)`. The order id index gains the list order; it replaces
 * `payments_order_id_idx`, its prefix (the API's `order_id` filter uses the new one). The home page sums
 * today's confirmed payments by confirmation time. The webhook delivery inspector lists a business's
 * deliveries per mode, newest first, paged the same way.
 */
export class Migration20261125030000_dashboardPayments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index payments_status_list_idx on payments (business_id, mode, status, created_at desc, id desc);
      create index payments_customer_email_idx on payments (business_id, mode, lower(customer_email), created_at desc, id desc)
        where customer_email is not null;
      create index payments_order_list_idx on payments (business_id, mode, order_id, created_at desc, id desc);
      drop index payments_order_id_idx;
      create index payments_confirmed_at_idx on payments (business_id, mode, confirmed_at)
        where confirmed_at is not null;
      create index webhook_deliveries_business_idx on webhook_deliveries (business_id, mode, created_at desc, event_seq desc);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index webhook_deliveries_business_idx;
      drop index payments_confirmed_at_idx;
      create index payments_order_id_idx on payments (business_id, mode, order_id);
      drop index payments_order_list_idx;
      drop index payments_customer_email_idx;
      drop index payments_status_list_idx;
    `);
  }
}
