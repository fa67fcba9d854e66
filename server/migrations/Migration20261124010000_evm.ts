import { Migration } from '@mikro-orm/migrations';

/**
 * EVM chains (docs/decisions.md, "EVM chains").
 *
 * - `wallets.onboarding_*`: an EVM wallet (a treasury address) is usable only once its forwarder
 *   factory is on-chain: `pending` (not yet), `active`, `failed` (with the reason; retried). Null for
 *   families without on-chain onboarding. `onboarding_address` is the factory's address.
 * - `evm_sweeps`: one transaction of the gas wallet that deploys forwarders and flushes them to one
 *   treasury (a batch), with the signed raw transaction kept so a crash between signing and recording
 *   the outcome rebroadcasts the same transaction rather than paying twice.
 * - `transfers.sweep_id`: the sweep that moved the transfer's funds to the treasury.
 */
export class Migration20261124010000_evm extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table wallets
        add column onboarding_status text check (onboarding_status in ('pending', 'active', 'failed')),
        add column onboarding_address text,
        add column onboarding_tx text,
        add column onboarding_error text,
        add column onboarding_updated_at timestamptz;

      create table evm_sweeps (
        id uuid primary key,
        chain_id text not null,
        treasury text not null,
        factory text not null,
        payment_ids uuid[] not null,
        tokens text[] not null,
        status text not null check (status in ('sent', 'confirmed', 'failed')),
        tx_hash text not null,
        raw_tx text not null,
        nonce integer not null,
        gas_used numeric(78, 0),
        error text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index evm_sweeps_open_idx on evm_sweeps (chain_id) where status = 'sent';

      alter table transfers add column sweep_id uuid references evm_sweeps (id);
      create index transfers_unswept_idx on transfers (chain_id) where sweep_id is null and not removed;
    `);
  }
}
