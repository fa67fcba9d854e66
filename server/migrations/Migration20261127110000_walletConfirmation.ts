import { Migration } from '@mikro-orm/migrations';

/**
 * A new live wallet waits for its owner's confirmation (docs/security.md). `wallets.confirmed_at`:
 * when the business's owner confirmed it from the mailed link (null: pending confirmation);
 * `wallets.usable_from`: from when payments may use it (the confirmation plus
 * `CAIRN_LIVE_WALLET_DELAY_HOURS`; null while pending). Test-mode wallets, and every wallet that exists
 * when this runs, are confirmed from their creation (an upgrade locks no merchant out).
 * `wallet_confirmations`: the mailed links, one-use, stored as SHA-256 hashes, each for one wallet
 * and the login it was mailed to.
 */
export class Migration20261127110000_walletConfirmation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table wallets add column confirmed_at timestamptz;
      alter table wallets add column usable_from timestamptz;
      update wallets set confirmed_at = created_at, usable_from = created_at;

      create table wallet_confirmations (
        token_hash text primary key,
        wallet_id uuid not null references wallets (id),
        user_id uuid not null references users (id),
        email text not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null
      );
      create index wallet_confirmations_wallet_id_idx on wallet_confirmations (wallet_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table wallet_confirmations;
      alter table wallets drop column usable_from;
      alter table wallets drop column confirmed_at;
    `);
  }
}
