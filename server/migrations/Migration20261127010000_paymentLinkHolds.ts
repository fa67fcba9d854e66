import { Migration } from '@mikro-orm/migrations';

/**
 * An unpaid payment of a payment link holds one of its uses only briefly and once per client address
 * (`payFromLink`): each press is recorded in `payment_link_visits` with the address group it came
 * from (an IPv4 address, or an IPv6 /64), so a second press from that address while its payment is
 * unpaid opens that payment again. Presses without a visit token get a random one.
 */
export class Migration20261127010000_paymentLinkHolds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table payment_link_visits add column client_address text;
      create index payment_link_visits_address_idx on payment_link_visits (payment_link_id, client_address, created_at desc)
        where client_address is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index payment_link_visits_address_idx;
      alter table payment_link_visits drop column client_address;
    `);
  }
}
