import { Migration } from '@mikro-orm/migrations';

/**
 * The Prepaid Credit balance kept up to date by the database, and the index the dashboard's ledger
 * listing pages on.
 *
 * Every create-payment checks its mode's reserve, and that check was `sum(amount_usd)` over all of the
 * business's ledger entries: one fee per confirmed payment, so the read grew with the business's
 * history. `credit_balances` holds one row per business and mode (no row: balance 0), read by primary
 * key. The ledger stays the record; the balance row is derived from it.
 *
 * - An AFTER INSERT trigger on `credit_ledger` adds each entry's amount to its row (an upsert), so the
 *   balance is right whoever appends: the services (grant, top-up, fee, fee reversal) and anyone with
 *   SQL (an `adjustment`). The ledger is append-only (update and delete are refused), so inserts are
 *   the only changes to follow. Concurrent appends to one reserve wait for each other on its row (the
 *   upsert's row lock, held to commit) and add exactly; READ COMMITTED, as the gateway runs, re-reads
 *   the committed row. `updated_at` is the `created_at` of the latest entry counted.
 * - The trigger fires in ordinary sessions only (not with `session_replication_role = replica`, like
 *   the append-only trigger and the foreign keys), so logical replication of both tables stays exact.
 * - Backfill: the trigger is created before the sums are taken, and creating it locks the ledger
 *   against inserts until this migration commits, so an entry appended by a running gateway is either
 *   in the sums or waits and is then added by the trigger, never both or neither.
 * - `credit_ledger_list_idx` (business, mode, created_at desc, id desc) serves `listCreditLedger`'s
 *   keyset pages and the dashboard's recent-fee sum; it replaces `credit_ledger_business_idx`
 *   (business, mode), its prefix, which only the old balance sum used.
 */
export class Migration20261125020000_creditBalances extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table credit_balances (
        business_id uuid not null references businesses (id),
        mode text not null check (mode in ('test', 'live')),
        balance_usd numeric not null,
        updated_at timestamptz not null,
        primary key (business_id, mode)
      );

      create function credit_ledger_add_to_balance() returns trigger language plpgsql as $$
        begin
          insert into credit_balances as b (business_id, mode, balance_usd, updated_at)
          values (new.business_id, new.mode, new.amount_usd, new.created_at)
          on conflict (business_id, mode) do update
            set balance_usd = b.balance_usd + excluded.balance_usd,
                updated_at = greatest(b.updated_at, excluded.updated_at);
          return null;
        end
      $$;
      create trigger credit_ledger_balance after insert on credit_ledger
        for each row execute function credit_ledger_add_to_balance();

      insert into credit_balances (business_id, mode, balance_usd, updated_at)
      select business_id, mode, sum(amount_usd), max(created_at)
        from credit_ledger
       group by business_id, mode;

      create index credit_ledger_list_idx on credit_ledger (business_id, mode, created_at desc, id desc);
      drop index credit_ledger_business_idx;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      create index credit_ledger_business_idx on credit_ledger (business_id, mode);
      drop index credit_ledger_list_idx;
      drop trigger credit_ledger_balance on credit_ledger;
      drop function credit_ledger_add_to_balance();
      drop table credit_balances;
    `);
  }
}
