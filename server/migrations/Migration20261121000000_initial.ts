import { Migration } from '@mikro-orm/migrations';

/** The initial schema: merchants, keys, wallets, payments, transfers, outbox, credit, idempotency. */
export class Migration20261121000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table users (
        id uuid primary key,
        email text not null,
        password_hash text,
        email_verified_at timestamptz,
        created_at timestamptz not null
      );
      create unique index users_email_key on users (lower(email));

      create table businesses (
        id uuid primary key,
        user_id uuid not null references users (id),
        name text not null,
        underpayment_tolerance_bps integer not null default 50 check (underpayment_tolerance_bps between 0 and 10000),
        overpayment_threshold_bps integer not null default 100 check (overpayment_threshold_bps between 0 and 1000000),
        created_at timestamptz not null
      );
      create index businesses_user_id_idx on businesses (user_id);

      create table wallets (
        id uuid primary key,
        business_id uuid not null references businesses (id),
        mode text not null check (mode in ('test', 'live')),
        chain_id text not null,
        value text not null,
        kind text not null,
        next_index integer not null default 0 check (next_index >= 0),
        created_at timestamptz not null,
        unique (business_id, mode, chain_id)
      );

      create table api_keys (
        id uuid primary key,
        business_id uuid not null references businesses (id),
        mode text not null check (mode in ('test', 'live')),
        label text not null,
        key_hash text not null unique,
        key_hint text not null,
        allowed_tokens text[] not null,
        allowed_ips text[] not null default '{}',
        status text not null default 'active' check (status in ('active', 'deactivated', 'revoked')),
        created_at timestamptz not null,
        revoked_at timestamptz,
        last_used_at timestamptz
      );
      create index api_keys_business_id_idx on api_keys (business_id);

      create table payments (
        id uuid primary key,
        business_id uuid not null references businesses (id),
        api_key_id uuid not null references api_keys (id),
        mode text not null check (mode in ('test', 'live')),
        status text not null,
        fiat_amount numeric not null check (fiat_amount > 0),
        fiat_currency text not null,
        order_id text,
        description text,
        customer_email text,
        success_url text,
        cancel_url text,
        accepted_chains text[] not null default '{}',
        accepted_coins text[] not null default '{}',
        accepted_tokens text[] not null default '{}',
        restrict_to_accepted boolean not null default false,
        underpayment_tolerance_bps integer not null,
        overpayment_threshold_bps integer not null,
        fee_usd numeric not null default 0,
        expires_at timestamptz not null,
        late_grace_ends_at timestamptz not null,
        selected_chain_id text,
        selected_coin_symbol text,
        selected_at timestamptz,
        wallet_id uuid references wallets (id),
        derivation_index integer,
        deposit_address text,
        deposit_memo text not null default '',
        payment_uri text not null default '',
        locked_amount numeric(78, 0),
        required_confirmations integer,
        revived boolean not null default false,
        overpaid boolean not null default false,
        fee_charged boolean not null default false,
        cancelled_by text check (cancelled_by in ('customer', 'merchant')),
        failure_reason text,
        confirmed_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index payments_list_idx on payments (business_id, mode, created_at desc, id desc);
      create index payments_order_id_idx on payments (business_id, mode, order_id);
      create index payments_deposit_idx on payments (selected_chain_id, deposit_address) where deposit_address is not null;

      create table payment_options (
        payment_id uuid not null references payments (id) on delete cascade,
        position integer not null,
        chain_id text not null,
        coin_symbol text not null,
        decimals integer not null,
        crypto_amount numeric(78, 0) not null check (crypto_amount > 0),
        exchange_rate numeric not null,
        rate_source text not null,
        locked_at timestamptz not null,
        primary key (payment_id, chain_id, coin_symbol)
      );

      create table transfers (
        id uuid primary key,
        payment_id uuid not null references payments (id),
        chain_id text not null,
        coin_symbol text not null,
        tx_id text not null,
        output_index integer not null default -1,
        amount numeric(78, 0) not null check (amount >= 0),
        confirmations integer not null default 0,
        removed boolean not null default false,
        detected_at timestamptz not null,
        updated_at timestamptz not null,
        unique (chain_id, tx_id, output_index)
      );
      create index transfers_payment_id_idx on transfers (payment_id);

      create table refunds (
        id uuid primary key,
        payment_id uuid not null references payments (id),
        chain_id text not null,
        coin_symbol text not null,
        tx_id text not null,
        amount numeric(78, 0) not null check (amount > 0),
        created_at timestamptz not null
      );
      create index refunds_payment_id_idx on refunds (payment_id);

      create table outbox_events (
        id uuid primary key,
        seq bigint generated always as identity unique,
        business_id uuid not null references businesses (id),
        api_key_id uuid references api_keys (id),
        mode text not null check (mode in ('test', 'live')),
        payment_id uuid references payments (id),
        event text not null,
        payload jsonb not null,
        created_at timestamptz not null
      );
      create index outbox_events_payment_idx on outbox_events (payment_id, created_at);

      create table credit_ledger (
        id uuid primary key,
        business_id uuid not null references businesses (id),
        mode text not null check (mode in ('test', 'live')),
        kind text not null check (kind in ('grant', 'fee', 'fee_reversal', 'top_up', 'adjustment')),
        amount_usd numeric not null,
        payment_id uuid references payments (id),
        created_at timestamptz not null
      );
      create index credit_ledger_business_idx on credit_ledger (business_id, mode);
      create unique index credit_ledger_grant_once on credit_ledger (business_id, mode) where kind = 'grant';
      create function credit_ledger_append_only() returns trigger language plpgsql as $$
        begin raise exception 'credit_ledger is append-only'; end
      $$;
      create trigger credit_ledger_no_change before update or delete on credit_ledger
        for each row execute function credit_ledger_append_only();

      create table idempotency_keys (
        api_key_id uuid not null references api_keys (id),
        key text not null,
        request_hash text not null,
        state text not null check (state in ('in_progress', 'done')),
        response_status integer,
        response_body jsonb,
        created_at timestamptz not null,
        primary key (api_key_id, key)
      );
      create index idempotency_keys_created_idx on idempotency_keys (created_at);
    `);
  }
}
