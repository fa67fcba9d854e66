import { formatUnits } from '@cairn/chain-core';
import { getCoin, PAYMENT_EXPORT_COLUMNS, type Payment, type PaymentExportRecord } from '@cairn/contract';
import type { Gateway } from '../../src/domain/gateway/Gateway.js';

/** The statuses the fixture cycles through. */
const STATUSES = [
  'confirmed',
  'expired',
  'awaiting_payment',
  'cancelled',
  'underpaid',
  'refunded',
  'pending',
];

/** Descriptions that test quoting: commas, quotes, line breaks, non-ASCII; null and empty. */
const DESCRIPTIONS = [
  'Line one, "quoted"\nline two',
  'café ☕ 日本語',
  null,
  'plain',
  '',
  'carriage\r\nreturn',
];

/**
 * Writes `count` payments of one business and mode straight in SQL (insert ... select from
 * generate_series): one per second back from `newest`, some with milliseconds; every third on
 * BTC_TESTNET, the next on LTC_TESTNET, the rest with no coin picked; a live transfer on every
 * 21st (a removed one on every 42nd, which counts for nothing). Order ids are `<prefix><i>`.
 */
export async function insertExportFixture(
  gateway: Gateway,
  input: {
    businessId: string;
    apiKeyId: string;
    mode: 'test' | 'live';
    count: number;
    newest: Date;
    prefix: string;
  },
): Promise<void> {
  const connection = gateway.orm.em.fork().getConnection();
  await connection.execute(
    `insert into payments (id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency,
       underpayment_tolerance_bps, overpayment_threshold_bps, expires_at, late_grace_ends_at,
       selected_chain_id, selected_coin_symbol, locked_amount, order_id, description, customer_email,
       confirmed_at, created_at, updated_at)
     select gen_random_uuid(), ?::uuid, ?::uuid, ?, (?::jsonb ->> (i % ?)::int), round((i % 997 + 1)::numeric / 100 + 0.5, 2),
            case when i % 2 = 0 then 'EUR' else 'JPY' end, 50, 100, t.created + interval '30 minutes',
            t.created + interval '90 minutes',
            case i % 3 when 0 then 'BTC_TESTNET' when 1 then 'LTC_TESTNET' end,
            case i % 3 when 0 then 'BTC' when 1 then 'LTC' end,
            case when i % 3 < 2 then 100000000 + i * 7 end,
            ? || i, (?::jsonb ->> (i % ?)::int),
            case when i % 4 = 0 then 'buyer' || i || '@example.com' end,
            case when (?::jsonb ->> (i % ?)::int) = 'confirmed' then t.created + interval '12 minutes' end,
            t.created, t.created + interval '1 minute'
       from generate_series(1, ?) as i
       cross join lateral (
         select ?::timestamptz - i * interval '1 second' - (case when i % 2 = 0 then i % 1000 else 0 end) * interval '1 millisecond' as created
       ) t`,
    [
      input.businessId,
      input.apiKeyId,
      input.mode,
      JSON.stringify(STATUSES),
      STATUSES.length,
      input.prefix,
      JSON.stringify(DESCRIPTIONS),
      DESCRIPTIONS.length,
      JSON.stringify(STATUSES),
      STATUSES.length,
      input.count,
      input.newest,
    ],
  );
  await connection.execute(
    `insert into transfers (id, payment_id, chain_id, coin_symbol, tx_id, amount, confirmations, removed, detected_at, updated_at)
     select gen_random_uuid(), p.id, p.selected_chain_id, p.selected_coin_symbol, md5(p.id::text),
            1000 + (substr(p.order_id, length(?) + 1))::int, 1,
            (substr(p.order_id, length(?) + 1))::int % 42 = 0, p.created_at, p.created_at
       from payments p
      where p.business_id = ?::uuid and p.mode = ? and p.order_id like ? || '%' and p.selected_chain_id is not null
        and (substr(p.order_id, length(?) + 1))::int % 21 = 0`,
    [input.prefix, input.prefix, input.businessId, input.mode, input.prefix, input.prefix],
  );
}

/**
 * What an export should hold for a payment of the API's list: its columns computed from the API
 * object (the locked amount is amount_due + amount_received while nothing was overpaid, as here).
 */
export function expectedRecord(payment: Payment): PaymentExportRecord {
  const coin =
    payment.selected_chain_id && payment.selected_coin_symbol
      ? getCoin(payment.selected_chain_id, payment.selected_coin_symbol)
      : undefined;
  const whole = (amount: bigint) => (coin ? formatUnits(amount, coin.decimals) : amount.toString());
  const received = BigInt(payment.amount_received);
  const record: PaymentExportRecord = {
    id: payment.id,
    created_at: payment.created_at,
    updated_at: payment.updated_at,
    status: payment.status,
    mode: payment.mode,
    fiat_amount: payment.fiat_amount,
    fiat_currency: payment.fiat_currency,
    chain: payment.selected_chain_id,
    coin: payment.selected_coin_symbol,
    crypto_amount: coin ? whole(BigInt(payment.amount_due) + received) : null,
    amount_received: whole(received),
    order_id: payment.order_id,
    description: payment.description,
    customer_email: payment.customer_email,
    confirmed_at: payment.confirmed_at,
    expires_at: payment.expires_at,
    cancelled_by: payment.cancelled_by,
    failure_reason: payment.failure_reason,
    payment_link_id: payment.payment_link_id,
    invoice_id: payment.invoice_id,
  };
  return record;
}

/** A record as a CSV parser reads the export back: null is an empty cell, formulas carry a leading `'`. */
export function asCsvCells(record: PaymentExportRecord): Record<string, string> {
  return Object.fromEntries(
    PAYMENT_EXPORT_COLUMNS.map((column) => {
      const value = record[column] ?? '';
      return [column, /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value];
    }),
  );
}
