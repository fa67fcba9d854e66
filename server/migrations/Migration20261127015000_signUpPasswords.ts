import { Migration } from '@mikro-orm/migrations';

/**
 * A password chosen at sign-up waits on its confirmation link (`email_tokens.password_hash`), not on
 * the login: it becomes the login's password only when the link is opened and the password typed
 * again. Logins never confirmed lose the password they had (whoever set it may not own the address);
 * their open links keep it, so confirming still works for the person who chose it.
 * `sign_in_known_ips`: the IP addresses each login signed in (or reset its password) from, which a
 * stranger's failed guesses from elsewhere cannot lock out. Failures are now counted per address and
 * IP address pair as well. A token without a login (`user_id` null) is the row that resend and reset
 * write for an address without an account, so that they write the same rows whatever the address; it
 * is born used and never mailed.
 */
export class Migration20261127015000_signUpPasswords extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table email_tokens add column password_hash text;
      update email_tokens t set password_hash = u.password_hash
        from users u
        where t.user_id = u.id and t.purpose = 'verify_email' and t.used_at is null and u.email_verified_at is null;
      update users set password_hash = null where email_verified_at is null;
      alter table email_tokens alter column user_id drop not null;

      create table sign_in_known_ips (
        user_id uuid not null references users (id),
        ip text not null,
        last_at timestamptz not null,
        primary key (user_id, ip)
      );
      create index sign_in_failures_pair_idx on sign_in_failures (lower(email), ip, at);
    `);
  }

  /** Downgrading puts back on each unconfirmed login the password of its latest sign-up. */
  override async down(): Promise<void> {
    this.addSql(`
      drop index sign_in_failures_pair_idx;
      drop table sign_in_known_ips;
      update users u set password_hash = (
          select t.password_hash from email_tokens t
          where t.user_id = u.id and t.purpose = 'verify_email' and t.password_hash is not null
          order by t.created_at desc limit 1
        )
        where u.email_verified_at is null;
      alter table email_tokens drop column password_hash;
      delete from email_tokens where user_id is null;
      alter table email_tokens alter column user_id set not null;
    `);
  }
}
