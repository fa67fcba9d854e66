import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { IPayment, IPaymentOption } from '../../platform/db/entities/index.js';
import { type PreparedStatement, queryPrepared } from '../../platform/db/queryPrepared.js';

/**
 * A new payment and its options in ONE statement, only if (1) the calling key is still active and
 * exactly as the payment was computed from (same key, mode, business, token and IP allowlists,
 * business settings and wallet chains of the mode, a wallet usable at the payment's creation time)
 * and (2) the mode's Prepaid Credit reserve is not
 * exhausted (balance > 0; the maintained balance in `credit_balances`, read by primary key, no row
 * meaning 0). A single statement is atomic (both rows exist or neither; the checks and the insert see
 * one snapshot), so no BEGIN/COMMIT round trips are needed, and create-payment may
 * compute the payment from a cached key (`authenticateFromCache`) without reading it first.
 * With an Idempotency-Key, (3) the key must be new for the calling key: it is recorded, with the 201
 * response, in the same statement (see `withInlineIdempotency`). The options arrive as parallel arrays and are numbered by their order (position 0, 1, ...). Columns not
 * listed take their defaults, which are the values of a new payment (no chain selected, nothing
 * received, no fee charged). Parameters are cast: in an INSERT ... SELECT PostgreSQL does not infer
 * them from the target columns.
 */
const INSERT_PAYMENT: PreparedStatement = {
  name: 'cairn_insert_payment',
  text: `with caller as (
    select 1 from api_keys k join businesses b on b.id = k.business_id
    where k.key_hash = $29::text and k.id = $3::uuid and k.business_id = $2::uuid and k.mode = $4::text
      and k.status = 'active' and k.allowed_tokens = $30::text[] and k.allowed_ips = $31::text[]
      and b.underpayment_tolerance_bps = $17::int and b.overpayment_threshold_bps = $18::int
      and array(select w.chain_id from wallets w where w.business_id = k.business_id and w.mode = k.mode and w.removed_at is null and coalesce(w.onboarding_status, 'active') = 'active'
        and w.usable_from <= $22::timestamptz order by w.chain_id) = $32::text[]
  ), credit as (
    select coalesce((select balance_usd from credit_balances where business_id = $2::uuid and mode = $4::text), 0) > 0
      as ok
  ), claim as (
    insert into idempotency_keys (api_key_id, key, request_hash, state, response_status, response_body,
      created_at)
    select $3::uuid, $33::text, $34::text, 'done', 201, $35::jsonb, $22::timestamptz
    from credit where credit.ok and exists (select 1 from caller) and $33::text is not null
    on conflict do nothing
    returning 1
  ), payment as (
    insert into payments (id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency, order_id,
      description, customer_email, success_url, cancel_url, accepted_chains, accepted_coins, accepted_tokens,
      restrict_to_accepted, underpayment_tolerance_bps, overpayment_threshold_bps, fee_usd, expires_at,
      late_grace_ends_at, created_at, updated_at, metadata, payment_link_id, invoice_id)
    select $1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::numeric, $7::text, $8::text, $9::text,
      $10::text, $11::text, $12::text, $13::text[], $14::text[], $15::text[], $16::boolean, $17::int,
      $18::int, $19::numeric, $20::timestamptz, $21::timestamptz, $22::timestamptz, $22::timestamptz,
      $36::jsonb, $37::uuid, $38::uuid
    from credit where credit.ok and exists (select 1 from caller)
      and ($33::text is null or exists (select 1 from claim))
    returning id
  ), options as (
    insert into payment_options (payment_id, position, chain_id, coin_symbol, decimals, crypto_amount,
      exchange_rate, rate_source, locked_at)
    select payment.id, o.n - 1, o.chain_id, o.coin_symbol, o.decimals, o.crypto_amount, o.exchange_rate,
      o.rate_source, $22::timestamptz
    from payment, unnest($23::text[], $24::text[], $25::int[], $26::numeric[], $27::numeric[], $28::text[])
      with ordinality as o(chain_id, coin_symbol, decimals, crypto_amount, exchange_rate, rate_source, n)
  )
  select exists (select 1 from caller) as caller_ok, (select ok from credit) as credit_ok,
    ($33::text is null or exists (select 1 from claim)) as key_ok`,
};

/** The key and business a payment was computed from, as `insertPayment` re-checks them. */
export interface CallerSnapshot {
  readonly keyHash: string;
  readonly allowedTokens: readonly string[];
  readonly allowedIps: readonly string[];
  /** Sorted. */
  readonly walletChainIds: readonly string[];
}

/** An Idempotency-Key to record with the payment, and the 201 response body to store with it. */
export interface IdempotencyRecord {
  readonly key: string;
  readonly fingerprint: string;
  readonly responseBody: unknown;
}

/** What `insertPayment` did: stored, or why not. */
export type InsertOutcome = 'created' | 'caller_changed' | 'credit_exhausted' | 'key_taken';

/**
 * Stores a new payment with its options, as createPayment builds them (options in position order,
 * each locked at the payment's creation time, `updated_at` equal to `created_at`), unless the
 * calling key or its business is no longer as `caller` (and the payment's tolerance, threshold, key,
 * business and mode) say, or the Prepaid Credit reserve of the payment's mode is exhausted. Given `tx`,
 * the statement runs in that transaction (and commits with it).
 */
export async function insertPayment(
  orm: MikroORM,
  payment: IPayment,
  options: readonly IPaymentOption[],
  caller: CallerSnapshot,
  idempotency?: IdempotencyRecord,
  tx?: EntityManager,
): Promise<InsertOutcome> {
  const created = payment.createdAt.getTime();
  const consistent =
    payment.updatedAt.getTime() === created &&
    options.every(
      (o, i) => o.paymentId === payment.id && o.position === i && o.lockedAt.getTime() === created,
    );
  if (!consistent) throw new Error('insertPayment: not a payment as createPayment builds it');
  const [row] = await queryPrepared<{ caller_ok: boolean; credit_ok: boolean; key_ok: boolean }>(
    orm,
    INSERT_PAYMENT,
    [
      payment.id,
      payment.businessId,
      payment.apiKeyId,
      payment.mode,
      payment.status,
      payment.fiatAmount,
      payment.fiatCurrency,
      payment.orderId ?? null,
      payment.description ?? null,
      payment.customerEmail ?? null,
      payment.successUrl ?? null,
      payment.cancelUrl ?? null,
      payment.acceptedChains,
      payment.acceptedCoins,
      payment.acceptedTokens,
      payment.restrictToAccepted,
      payment.underpaymentToleranceBps,
      payment.overpaymentThresholdBps,
      payment.feeUsd,
      payment.expiresAt.toISOString(),
      payment.lateGraceEndsAt.toISOString(),
      payment.createdAt.toISOString(),
      options.map((o) => o.chainId),
      options.map((o) => o.coinSymbol),
      options.map((o) => o.decimals),
      options.map((o) => o.cryptoAmount),
      options.map((o) => o.exchangeRate),
      options.map((o) => o.rateSource),
      caller.keyHash,
      caller.allowedTokens,
      caller.allowedIps,
      caller.walletChainIds,
      idempotency?.key ?? null,
      idempotency?.fingerprint ?? null,
      idempotency ? JSON.stringify(idempotency.responseBody) : null,
      JSON.stringify(payment.metadata),
      payment.paymentLinkId ?? null,
      payment.invoiceId ?? null,
    ],
    tx,
  );
  if (!row!.caller_ok) return 'caller_changed';
  if (!row!.credit_ok) return 'credit_exhausted';
  return row!.key_ok ? 'created' : 'key_taken';
}
