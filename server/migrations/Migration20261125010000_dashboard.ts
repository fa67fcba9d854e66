import { Migration } from '@mikro-orm/migrations';

/**
 * The merchant dashboard, part 1 (docs/decisions.md, "Dashboard"): third-party sign-in
 * identities, dashboard sessions (only a hash of the cookie's token is stored), one-use email tokens
 * (verification and password reset, hashed), OpenID Connect logins in progress, the mail queue (also
 * the dev mailbox), failed sign-ins (the throttle counts them) and the audit log of every change a
 * person makes to a business. Wallets can be removed: the row stays (payments made to it keep their
 * deposit addresses, late funds and sweeps) with `removed_at`, and only current wallets are unique per
 * business, mode and chain.
 */
export class Migration20261125010000_dashboard extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table user_identities (
        id uuid primary key,
        user_id uuid not null references users (id),
        provider text not null,
        issuer text not null,
        subject text not null,
        email text,
        created_at timestamptz not null,
        unique (issuer, subject)
      );
      create index user_identities_user_id_idx on user_identities (user_id);

      create table dashboard_sessions (
        id uuid primary key,
        token_hash text not null unique,
        user_id uuid not null references users (id),
        business_id uuid references businesses (id),
        mode text not null check (mode in ('test', 'live')),
        created_at timestamptz not null,
        last_seen_at timestamptz not null,
        expires_at timestamptz not null,
        ip text,
        user_agent text
      );
      create index dashboard_sessions_user_id_idx on dashboard_sessions (user_id);

      create table email_tokens (
        id uuid primary key,
        user_id uuid not null references users (id),
        purpose text not null check (purpose in ('verify_email', 'reset_password')),
        token_hash text not null unique,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null
      );
      create index email_tokens_user_id_idx on email_tokens (user_id, purpose);

      create table oidc_logins (
        id uuid primary key,
        provider text not null,
        state text not null,
        nonce text not null,
        code_verifier text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null
      );

      create table mail_messages (
        id uuid primary key,
        to_address text not null,
        subject text not null,
        text_body text not null,
        html_body text not null,
        kind text not null,
        status text not null check (status in ('queued', 'sent', 'failed', 'dev_mailbox')),
        attempts integer not null default 0,
        last_error text,
        sent_at timestamptz,
        created_at timestamptz not null
      );
      create index mail_messages_created_at_idx on mail_messages (created_at desc);

      create table sign_in_failures (
        id bigint generated always as identity primary key,
        email text not null,
        ip text not null,
        at timestamptz not null
      );
      create index sign_in_failures_email_idx on sign_in_failures (lower(email), at);
      create index sign_in_failures_ip_idx on sign_in_failures (ip, at);

      create table audit_events (
        id uuid primary key,
        business_id uuid not null references businesses (id),
        actor_user_id uuid references users (id),
        actor text not null,
        action text not null,
        target text,
        details jsonb not null default '{}',
        ip text,
        created_at timestamptz not null
      );
      create index audit_events_business_idx on audit_events (business_id, created_at desc);

      alter table wallets add column removed_at timestamptz;
      alter table wallets drop constraint wallets_business_id_mode_chain_id_key;
      create unique index wallets_current_key on wallets (business_id, mode, chain_id) where removed_at is null;
    `);
  }
}
