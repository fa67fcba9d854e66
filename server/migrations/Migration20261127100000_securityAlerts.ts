import { Migration } from '@mikro-orm/migrations';

/**
 * Security alerts by mail. `email_tokens` gets the purpose `lock_account`: the "this was not me" link
 * every alert carries. `users.locked_at`: set when the owner locks the login from such a link; no
 * sign-in is accepted until a password reset clears it. `sign_in_known_devices`: the devices (as
 * `describeUserAgent` names them) each login signed in from, so a sign-in from a new one is mailed; a
 * login with none has never signed in since this migration, and its first sign-in is not mailed.
 */
export class Migration20261127100000_securityAlerts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table email_tokens drop constraint email_tokens_purpose_check;
      alter table email_tokens add constraint email_tokens_purpose_check
        check (purpose in ('verify_email', 'reset_password', 'lock_account'));

      alter table users add column locked_at timestamptz;

      create table sign_in_known_devices (
        user_id uuid not null references users (id),
        device text not null,
        last_at timestamptz not null,
        primary key (user_id, device)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table sign_in_known_devices;
      alter table users drop column locked_at;
      delete from email_tokens where purpose = 'lock_account';
      alter table email_tokens drop constraint email_tokens_purpose_check;
      alter table email_tokens add constraint email_tokens_purpose_check
        check (purpose in ('verify_email', 'reset_password'));
    `);
  }
}
