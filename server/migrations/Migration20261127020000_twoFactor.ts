import { Migration } from '@mikro-orm/migrations';

/**
 * Two-factor sign-in. `totp_factors`: one authenticator app per login, its secret sealed with the
 * master key, usable once `confirmed_at` is set (a code was confirmed), and the last time step a code
 * was accepted for (a code is never accepted twice). `recovery_codes`: ten single-use codes per login,
 * stored as SHA-256 hashes. `second_factor_challenges`: a sign-in whose password (or third-party
 * sign-in) was right and that waits for the second factor, for five minutes and five wrong codes.
 * `dashboard_sessions.authenticated_at`: when the session's person last proved who they are (sign-in,
 * or a step-up before a change that moves money or grants access); `step_up_failures` counts wrong
 * step-up answers (five end the session).
 */
export class Migration20261127020000_twoFactor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table totp_factors (
        user_id uuid primary key references users (id),
        secret_sealed text not null,
        confirmed_at timestamptz,
        last_used_step bigint,
        created_at timestamptz not null
      );

      create table recovery_codes (
        user_id uuid not null references users (id),
        code_hash text not null,
        used_at timestamptz,
        created_at timestamptz not null,
        primary key (user_id, code_hash)
      );

      create table second_factor_challenges (
        token_hash text primary key,
        user_id uuid not null references users (id),
        method text not null check (method in ('password', 'oidc')),
        ip text,
        user_agent text,
        failures integer not null default 0,
        created_at timestamptz not null,
        expires_at timestamptz not null
      );
      create index second_factor_challenges_user_id_idx on second_factor_challenges (user_id);

      alter table dashboard_sessions add column authenticated_at timestamptz;
      update dashboard_sessions set authenticated_at = created_at;
      alter table dashboard_sessions alter column authenticated_at set not null;
      alter table dashboard_sessions add column step_up_failures integer not null default 0;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table dashboard_sessions drop column step_up_failures;
      alter table dashboard_sessions drop column authenticated_at;
      drop table second_factor_challenges;
      drop table recovery_codes;
      drop table totp_factors;
    `);
  }
}
