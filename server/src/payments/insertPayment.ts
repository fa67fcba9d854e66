import type { MikroORM } from '@mikro-orm/postgresql';
import type { IPayment, IPaymentOption } from '../db/entities/index.js';
import { type PreparedStatement, queryPrepared } from '../db/queryPrepared.js';

/**
 * A new payment and its options in ONE statement: a single statement is atomic (both rows exist or
 * neither), so no BEGIN/COMMIT round trips are needed. The options arrive as parallel arrays and are
 * numbered by their order (position 0, 1, ...). Columns not listed take their defaults, which are the
 * values of a new payment (no chain selected, nothing received, no fee charged).
 */
const INSERT_PAYMENT: PreparedStatement = {
  name: 'cairn_insert_payment',
  text: `with payment as (
    insert into payments (id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency, order_id,
      description, customer_email, success_url, cancel_url, accepted_chains, accepted_coins, accepted_tokens,
      restrict_to_accepted, underpayment_tolerance_bps, overpayment_threshold_bps, fee_usd, expires_at,
      late_grace_ends_at, created_at, updated_at)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
      $22, $22)
    returning id
  )
  insert into payment_options (payment_id, position, chain_id, coin_symbol, decimals, crypto_amount,
    exchange_rate, rate_source, locked_at)
  select payment.id, o.n - 1, o.chain_id, o.coin_symbol, o.decimals, o.crypto_amount, o.exchange_rate,
    o.rate_source, $22
  from payment, unnest($23::text[], $24::text[], $25::int[], $26::numeric[], $27::numeric[], $28::text[])
    with ordinality as o(chain_id, coin_symbol, decimals, crypto_amount, exchange_rate, rate_source, n)`,
};

/**
 * Stores a new payment with its options, as createPayment builds them: options in position order,
 * each locked at the payment's creation time, `updated_at` equal to `created_at`.
 */
export async function insertPayment(
  orm: MikroORM,
  payment: IPayment,
  options: readonly IPaymentOption[],
): Promise<void> {
  const created = payment.createdAt.getTime();
  const consistent =
    payment.updatedAt.getTime() === created &&
    options.every(
      (o, i) => o.paymentId === payment.id && o.position === i && o.lockedAt.getTime() === created,
    );
  if (!consistent) throw new Error('insertPayment: not a payment as createPayment builds it');
  await queryPrepared(orm, INSERT_PAYMENT, [
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
}
