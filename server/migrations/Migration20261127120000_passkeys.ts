import { Migration } from '@mikro-orm/migrations';

/**
 * Passkeys (WebAuthn). `passkeys`: a login's registered credentials, each with its public key (COSE),
 * its signature counter, the transports the browser named and a name the person gave it.
 * `passkey_challenges`: a challenge the gateway handed out for one ceremony (registering, signing in,
 * a sign-in's second step, a step-up), for five minutes and one use, bound to the session, or the
 * login and the pending sign-in (its second-step token's hash), it was issued for.
 */
export class Migration20261127120000_passkeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table passkeys (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        credential_id text not null unique,
        public_key bytea not null,
        counter bigint not null default 0,
        transports jsonb not null default '[]',
        device_type text not null,
        backed_up boolean not null,
        name text not null,
        created_at timestamptz not null,
        last_used_at timestamptz
      );
      create index passkeys_user_id_idx on passkeys (user_id);

      create table passkey_challenges (
        challenge text primary key,
        purpose text not null check (purpose in ('register', 'sign_in', 'second_factor', 'step_up')),
        user_id uuid references users (id) on delete cascade,
        session_id uuid,
        sign_in_hash text,
        created_at timestamptz not null,
        expires_at timestamptz not null
      );
      create index passkey_challenges_expires_at_idx on passkey_challenges (expires_at);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table passkey_challenges; drop table passkeys;');
  }
}
