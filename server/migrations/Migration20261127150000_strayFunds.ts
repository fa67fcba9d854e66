import { Migration } from '@mikro-orm/migrations';

/**
 * Stray funds (docs/stray-funds.md): money that reached a merchant's deposit address or account
 * without counting toward a payment, one row per business, mode, chain, transaction and output index,
 * found by the watchers and resolved by the merchant (refunded, or attached to an open payment). Endpoints
 * subscribed to every payment event there was (the default) also get the two new events, as they got
 * payment.reverted; endpoints that chose their events keep their choice.
 */
export class Migration20261127150000_strayFunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table stray_funds (
        id uuid primary key,
        business_id uuid not null references businesses (id) on delete cascade,
        mode text not null check (mode in ('test', 'live')),
        api_key_id uuid,
        chain_id text not null,
        coin_symbol text not null,
        tx_id text not null,
        output_index integer not null,
        address text not null,
        tag text,
        kind text not null,
        amount numeric(78, 0) not null check (amount > 0),
        payment_id uuid references payments (id) on delete set null,
        block_hash text,
        block_height bigint,
        confirmations integer not null default 0,
        removed boolean not null default false,
        status text not null default 'open' check (status in ('open', 'refunded', 'attached')),
        attached_payment_id uuid references payments (id) on delete set null,
        note text,
        found_at timestamptz not null,
        resolved_at timestamptz,
        unique (business_id, mode, chain_id, tx_id, output_index)
      );
      create index stray_funds_list_idx on stray_funds (business_id, mode, found_at desc, id);
    `);
    this.addSql(`
      update webhook_endpoints
         set events = events || array['stray_funds.found', 'stray_funds.resolved']
       where events @> array[
               'payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.confirmed',
               'payment.overpaid', 'payment.underpaid', 'payment.refund_requested', 'payment.refunded',
               'payment.cancelled', 'payment.expired', 'payment.expired_underpaid',
               'payment.expired_reorged', 'payment.failed', 'payment.received_after_close',
               'payment.reverted'
             ]::text[]
         and not ('stray_funds.found' = any (events));
    `);
  }

  /** Drops the table and takes the two events off every endpoint (that code never sends them). */
  override async down(): Promise<void> {
    this.addSql(`
      update webhook_endpoints
         set events = array_remove(array_remove(events, 'stray_funds.found'), 'stray_funds.resolved')
       where events && array['stray_funds.found', 'stray_funds.resolved']::text[];
    `);
    this.addSql('drop table if exists stray_funds;');
  }
}
