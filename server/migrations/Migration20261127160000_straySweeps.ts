import { Migration } from '@mikro-orm/migrations';

/**
 * Another coin on a forwarder (stray funds of kind `other_coin`, docs/stray-funds.md) is swept to the
 * merchant's treasury with the chain's next sweep: the sweep that moves it is recorded on the row, as
 * it is on a payment's transfers, so it is swept once and swept again when that sweep fails.
 */
export class Migration20261127160000_straySweeps extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table stray_funds add column sweep_id uuid references evm_sweeps (id) on delete set null;
      create index stray_funds_unswept_idx on stray_funds (chain_id)
        where kind = 'other_coin' and sweep_id is null and not removed;
      create index stray_funds_sweep_idx on stray_funds (sweep_id) where sweep_id is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql('alter table stray_funds drop column if exists sweep_id;');
  }
}
