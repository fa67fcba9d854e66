import { Migration } from '@mikro-orm/migrations';

/**
 * Payment links: a reusable page for a fixed fiat amount whose Pay button creates a payment of the
 * link's API key (`payments.payment_link_id`). Uses are counted from the payments themselves (all
 * but `expired` and `cancelled`), under a row lock on the link, through `payments_payment_link_idx`.
 * Also the events API's type filter index (`outbox_events_type_idx`), the list index's order with
 * `event`, so a rare type is found without walking the business's other events.
 */
export class Migration20261125060000_paymentLinks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table payment_links (
        id uuid primary key,
        business_id uuid not null references businesses (id),
        api_key_id uuid not null references api_keys (id),
        mode text not null check (mode in ('test', 'live')),
        fiat_amount numeric not null check (fiat_amount > 0),
        fiat_currency text not null,
        description text,
        accepted_chains text[] not null default '{}',
        accepted_coins text[] not null default '{}',
        accepted_tokens text[] not null default '{}',
        restrict_to_accepted boolean not null default false,
        success_url text,
        cancel_url text,
        max_uses int check (max_uses > 0),
        metadata jsonb not null default '{}'::jsonb,
        created_at timestamptz not null,
        deactivated_at timestamptz
      );
      create index payment_links_list_idx on payment_links (business_id, mode, created_at desc, id desc);
      alter table payments add column payment_link_id uuid references payment_links (id);
      create index payments_payment_link_idx on payments (payment_link_id, status)
        where payment_link_id is not null;
      create table payment_link_visits (
        token uuid primary key,
        payment_link_id uuid not null references payment_links (id),
        payment_id uuid not null references payments (id),
        created_at timestamptz not null
      );
      create index outbox_events_type_idx on outbox_events (business_id, mode, event, seq desc);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index outbox_events_type_idx;
      drop table payment_link_visits;
      drop index payments_payment_link_idx;
      alter table payments drop column payment_link_id;
      drop table payment_links;
    `);
  }
}
