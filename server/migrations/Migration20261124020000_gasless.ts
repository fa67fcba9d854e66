import { Migration } from '@mikro-orm/migrations';

/**
 * Gasless settlement (docs/decisions.md, "Settlement and gasless payments"): the authorizations the
 * checkout issued for a customer to sign (`issued`), signed and waiting for the chain's settler
 * (`submitted`), relayed by the gas wallet (`relayed`, with the signed raw transaction kept, as for
 * sweeps), mined (`settled`) or failed with one of the reasons of docs/lifecycle.md (`failed`).
 */
export class Migration20261124020000_gasless extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table gasless_authorizations (
        id uuid primary key,
        payment_id uuid not null references payments (id),
        chain_id text not null,
        token text not null,
        from_address text not null,
        to_address text not null,
        value numeric(78, 0) not null,
        valid_after bigint not null,
        valid_before bigint not null,
        nonce text not null unique,
        signature text,
        status text not null check (status in ('issued', 'submitted', 'relayed', 'settled', 'failed')),
        failure_reason text,
        tx_hash text,
        raw_tx text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index gasless_authorizations_open_idx on gasless_authorizations (chain_id, status)
        where status in ('submitted', 'relayed');
    `);
  }
}
