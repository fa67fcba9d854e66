import { Migration } from '@mikro-orm/migrations';

/**
 * Amounts the lifecycle module remembers: what was live when the payment confirmed (an accepted
 * shortfall is not a reorg) and when it expired (a deeper confirmation is not a late payment).
 */
export class Migration20261121010000_lifecycleAmounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table payments add column confirmed_amount numeric(78, 0);
      alter table payments add column received_at_expiry numeric(78, 0);
    `);
  }
}
