import { Migration } from '@mikro-orm/migrations';

/**
 * An invoice's language (docs/languages.md): the merchant may set the language its mails and its
 * recipient's pages are written in; null leaves the pages to the recipient's browser and the mails in
 * English.
 */
export class Migration20261128000000_invoiceLanguage extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table invoices add column language text;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table invoices drop column if exists language;');
  }
}
