import { Migration } from '@mikro-orm/migrations';

/**
 * The hosted checkout's refund request: the address the customer asked to be refunded to (validated
 * for the payment's chain) and when they asked.
 */
export class Migration20261121040000_checkout extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table payments add column refund_address text;
      alter table payments add column refund_requested_at timestamptz;
    `);
  }
}
