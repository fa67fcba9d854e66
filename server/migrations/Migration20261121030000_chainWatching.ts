import { Migration } from '@mikro-orm/migrations';

/**
 * Chain watching: a cursor and the recent block headers per chain (reorg detection by parent hash),
 * every deposit target in allocation order (the watcher's in-memory index loads it incrementally), the
 * watcher's sightings of outputs paying a target (idempotent per chain, txid and output index), and
 * the gap-limit recycling mark on payments.
 */
export class Migration20261121030000_chainWatching extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table chain_cursors (
        chain_id text primary key,
        height integer not null,
        hash text not null,
        node_height integer not null,
        synced_at timestamptz not null,
        last_error text,
        last_error_at timestamptz,
        instance_id text
      );

      create table chain_blocks (
        chain_id text not null,
        height integer not null,
        hash text not null,
        parent_hash text,
        primary key (chain_id, height)
      );

      create table deposit_targets (
        seq bigint generated always as identity primary key,
        chain_id text not null,
        match_key text not null,
        address text not null,
        payment_id uuid not null references payments (id),
        created_at timestamptz not null
      );
      create index deposit_targets_chain_seq_idx on deposit_targets (chain_id, seq);
      create index deposit_targets_payment_idx on deposit_targets (payment_id);

      create table chain_sightings (
        chain_id text not null,
        tx_id text not null,
        output_index integer not null,
        payment_id uuid not null references payments (id),
        coin_symbol text not null,
        amount numeric(78, 0) not null check (amount >= 0),
        block_hash text,
        block_height integer,
        removed boolean not null default false,
        depth_cap integer not null check (depth_cap >= 1),
        reported_confirmations integer,
        reported_removed boolean,
        settled boolean not null default false,
        first_seen_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (chain_id, tx_id, output_index)
      );
      create index chain_sightings_unsettled_idx on chain_sightings (chain_id) where not settled;
      create index chain_sightings_height_idx on chain_sightings (chain_id, block_height);
      create index chain_sightings_payment_idx on chain_sightings (payment_id);

      alter table payments add column derivation_index_recycled boolean not null default false;
      create index payments_recyclable_idx on payments (wallet_id, derivation_index)
        where status = 'expired' and not derivation_index_recycled;
    `);
  }
}
