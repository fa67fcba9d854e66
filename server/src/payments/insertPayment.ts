import type { MikroORM } from '@mikro-orm/postgresql';
import type { IPayment, IPaymentOption } from '../db/entities/index.js';
import { type PreparedStatement, queryPrepared } from '../db/queryPrepared.js';

/**
 * A new payment and its options in ONE statement, only if the mode's Prepaid Credit reserve is not
 * exhausted (balance > 0): a single statement is atomic (both rows exist or neither), so no
 * BEGIN/COMMIT round trips are needed. The options arrive as parallel arrays and are numbered by their
 * order (position 0, 1, ...). Columns not listed take their defaults, which are the values of a new
 * payment (no chain selected, nothing received, no fee charged). Parameters are cast: in an
 * INSERT ... SELECT PostgreSQL does not infer them from the target columns.
 */
const INSERT_PAYMENT: PreparedStatement = {
  name: 'cairn_insert_payment',
  text: `with credit as (
    select coalesce(sum(amount_usd), 0) > 0 as ok from credit_ledger where business_id = $2::uuid and mode = $4::text
  ), payment as (
    insert into payments (id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency, order_id,
      description, customer_email, success_url, cancel_url, accepted_chains, accepted_coins, accepted_tokens,
      restrict_to_accepted, underpayment_tolerance_bps, overpayment_threshold_bps, fee_usd, expires_at,
      late_grace_ends_at, created_at, updated_at)
    select $1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::numeric, $7::text, $8::text, $9::text,
      $10::text, $11::text, $12::text, $13::text[], $14::text[], $15::text[], $16::boolean, $17::int,
      $18::int, $19::numeric, $20::timestamptz, $21::timestamptz, $22::timestamptz, $22::timestamptz
    from credit where credit.ok
    returning id
  ), options as (
    insert into payment_options (payment_id, position, chain_id, coin_symbol, decimals, crypto_amount,
      exchange_rate, rate_source, locked_at)
    select payment.id, o.n - 1, o.chain_id, o.coin_symbol, o.decimals, o.crypto_amount, o.exchange_rate,
      o.rate_source, $22::timestamptz
    from payment, unnest($23::text[], $24::text[], $25::int[], $26::numeric[], $27::numeric[], $28::text[])
      with ordinality as o(chain_id, coin_symbol, decimals, crypto_amount, exchange_rate, rate_source, n)
  )
  select ok from credit`,
};

/**
 * Stores a new payment with its options, as createPayment builds them (options in position order,
 * each locked at the payment's creation time, `updated_at` equal to `created_at`), unless the
 * Prepaid Credit reserve of the payment's mode is exhausted. Returns whether it was stored.
 */
export async function insertPayment(
  orm: MikroORM,
  payment: IPayment,
  options: readonly IPaymentOption[],
): Promise<boolean> {
  const created = payment.createdAt.getTime();
  const consistent =
    payment.updatedAt.getTime() === created &&
    options.every(
      (o, i) => o.paymentId === payment.id && o.position === i && o.lockedAt.getTime() === created,
    );
  if (!consistent) throw new Error('insertPayment: not a payment as createPayment builds it');
  const [row] = await queryPrepared<{ ok: boolean }>(orm, INSERT_PAYMENT, [
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
  ]);
  return row!.ok;
}
