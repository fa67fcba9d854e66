import { Migration } from '@mikro-orm/migrations';

/**
 * `metadata` on payments: the merchant's own string keys and values (the contract's MetadataSchema
 * bounds them), echoed in responses and webhooks. Existing payments get `{}`.
 */
export class Migration20261125050000_metadata extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payments add column metadata jsonb not null default '{}'::jsonb;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table payments drop column metadata;');
  }
}
