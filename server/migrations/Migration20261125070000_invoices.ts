import { Migration } from '@mikro-orm/migrations';

/**
 * Invoices: line items in one fiat currency, a number unique per business and mode, a status of our
 * own (draft, open, paid, refunded, void), a reminder schedule in days around the due date, and the
 * payment the recipient pays with (`invoices.payment_id`; every payment made for it carries
 * `payments.invoice_id`). Outbox events carry `invoice_id` (the invoice's own events and its
 * payments' events) for the events API's invoice filter.
 */
export class Migration20261125070000_invoices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table invoices (
        id uuid primary key,
        business_id uuid not null references businesses (id),
        api_key_id uuid not null references api_keys (id),
        mode text not null check (mode in ('test', 'live')),
        number text not null,
        status text not null check (status in ('draft', 'open', 'paid', 'refunded', 'void')),
        recipient_email text not null,
        recipient_name text,
        fiat_currency text not null,
        line_items jsonb not null,
        total numeric not null check (total > 0),
        due_date date not null,
        memo text,
        accepted_chains text[] not null default '{}',
        accepted_coins text[] not null default '{}',
        accepted_tokens text[] not null default '{}',
        restrict_to_accepted boolean not null default false,
        reminder_days int[] not null default '{}',
        reminders_done int[] not null default '{}',
        metadata jsonb not null default '{}'::jsonb,
        payment_id uuid references payments (id),
        sent_at timestamptz,
        viewed_at timestamptz,
        paid_at timestamptz,
        refunded_at timestamptz,
        voided_at timestamptz,
        reminders_sent int not null default 0,
        last_reminder_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint invoices_number_key unique (business_id, mode, number)
      );
      create index invoices_list_idx on invoices (business_id, mode, created_at desc, id desc);
      alter table payments add column invoice_id uuid references invoices (id);
      create index payments_invoice_idx on payments (invoice_id) where invoice_id is not null;
      alter table outbox_events add column invoice_id uuid;
      create index outbox_events_invoice_idx on outbox_events (invoice_id, seq desc) where invoice_id is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index outbox_events_invoice_idx;
      alter table outbox_events drop column invoice_id;
      drop index payments_invoice_idx;
      alter table payments drop column invoice_id;
      drop table invoices;
    `);
  }
}
