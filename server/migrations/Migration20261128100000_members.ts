import { Migration } from '@mikro-orm/migrations';

/**
 * Members and roles (docs/roles.md). `business_members` says who may act in a business and with which
 * role; it is what every dashboard check reads. Exactly one owner per business (a unique partial
 * index); `businesses.user_id` stays as the owner's login and is changed in the same transaction as
 * the owner's row when ownership is handed over. Every business's current owner becomes its member.
 */
export class Migration20261128100000_members extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table business_members (
        business_id uuid not null references businesses (id),
        user_id uuid not null references users (id),
        role text not null check (role in ('owner', 'admin', 'developer', 'support', 'viewer')),
        created_at timestamptz not null,
        primary key (business_id, user_id)
      );
      create unique index business_members_one_owner on business_members (business_id) where role = 'owner';
      create index business_members_user on business_members (user_id);

      insert into business_members (business_id, user_id, role, created_at)
        select id, user_id, 'owner', created_at from businesses;
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table business_members;');
  }
}
