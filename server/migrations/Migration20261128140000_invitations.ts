import { Migration } from '@mikro-orm/migrations';

/**
 * Invitations to a business (docs/roles.md#invitations): an emailed, single-use link, valid 7 days,
 * revocable. Only the SHA-256 of its token is stored. The address is stored normalised as logins'
 * addresses are; at most one pending (not accepted, not revoked) invitation per business and address.
 */
export class Migration20261128140000_invitations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table business_invitations (
        id uuid primary key,
        business_id uuid not null references businesses (id),
        email text not null,
        role text not null check (role in ('admin', 'developer', 'support', 'viewer')),
        token_hash text not null unique,
        invited_by uuid not null references users (id),
        created_at timestamptz not null,
        expires_at timestamptz not null,
        accepted_at timestamptz,
        accepted_by uuid references users (id),
        revoked_at timestamptz,
        check (expires_at > created_at),
        check ((accepted_at is null) = (accepted_by is null))
      );
      create unique index business_invitations_one_pending on business_invitations (business_id, lower(email))
        where accepted_at is null and revoked_at is null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table business_invitations;');
  }
}
