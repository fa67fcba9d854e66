import { randomUUID } from 'node:crypto';
import { type CreateInvoiceRequest, type Invoice, minorUnitsOf } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type PreparedStatement, queryPrepared } from '../../platform/db/queryPrepared.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { AuthContext } from '../apiKeys/AuthContext.js';
import type { Gateway } from '../gateway/Gateway.js';
import { formatMinor, lineAmountMinor } from '../money/lineAmount.js';
import { validateAcceptedSet } from '../payments/validateAcceptedSet.js';
import { type InvoiceRow, type StoredLineItem, serializeInvoice } from './invoiceRow.js';

/** Largest total: a payment's fiat amount has at most 15 digits before the point. */
const MAX_TOTAL_INTEGER_DIGITS = 15;

const INSERT_INVOICE: PreparedStatement = {
  name: 'cairn_insert_invoice',
  text: `insert into invoices (id, business_id, api_key_id, mode, number, status, recipient_email, recipient_name,
    fiat_currency, line_items, total, due_date, memo, accepted_chains, accepted_coins, accepted_tokens,
    restrict_to_accepted, reminder_days, metadata, created_at, updated_at, language)
  values ($1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, 'draft', $6::text, $7::text, $8::text, $9::jsonb,
    $10::numeric, $11::date, $12::text, $13::text[], $14::text[], $15::text[], $16::boolean, $17::int[],
    $18::jsonb, $19::timestamptz, $19::timestamptz, $20::text)
  on conflict (business_id, mode, number) do nothing
  returning id`,
};

/** The next `INV-000001`-style number of the business and mode. */
const NEXT_NUMBER: PreparedStatement = {
  name: 'cairn_next_invoice_number',
  text: `select (coalesce(max(substring(number from '^INV-([0-9]{6,60})$')::numeric), 0) + 1)::text as next
  from invoices where business_id = $1::uuid and mode = $2::text and number ~ '^INV-[0-9]{6,60}$'`,
};

/** The line items with their amounts, and the total, in the currency's decimals. */
export function priceLineItems(
  currency: string,
  items: CreateInvoiceRequest['line_items'],
): { lines: StoredLineItem[]; total: string } {
  const minor = minorUnitsOf(currency);
  let total = 0n;
  const lines = items.map((item) => {
    const amount = lineAmountMinor(item.quantity, item.unit_price, minor);
    total += amount;
    return { ...item, amount: formatMinor(amount, minor) };
  });
  return { lines, total: formatMinor(total, minor) };
}

/**
 * POST /api/v1/invoices: a `draft` invoice of the calling key (the payment made for it is that key's,
 * and so are the invoice's webhooks). Amounts are computed here, exactly; the accepted set is refused
 * as a payment's would be. Given `tx`, written in it (an Idempotency-Key's transaction).
 *
 * @throws {ApiError} VALIDATION_ERROR (a zero or too large total), INVOICE_NUMBER_TAKEN.
 */
export async function createInvoice(
  gateway: Gateway,
  auth: AuthContext,
  body: CreateInvoiceRequest,
  tx?: EntityManager,
): Promise<Invoice> {
  validateAcceptedSet({ fiat_amount: '1', ...body }, auth.mode);
  const restrict = body.restrict_to_accepted ?? false;
  if (
    restrict &&
    !(body.accepted_chains?.length || body.accepted_coins?.length || body.accepted_tokens?.length)
  ) {
    throw new ApiError(
      'RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST',
      'restrict_to_accepted is true but no accepted_chains, accepted_coins or accepted_tokens were given.',
    );
  }
  const { lines, total } = priceLineItems(body.fiat_currency, body.line_items);
  const refuseTotal = (message: string) =>
    new ApiError('VALIDATION_ERROR', `The request is invalid: line_items: ${message}.`, {
      fields: [{ field: 'line_items', message }],
    });
  if (!/[1-9]/.test(total)) throw refuseTotal('the total must be greater than zero');
  if (total.split('.')[0]!.length > MAX_TOTAL_INTEGER_DIGITS)
    throw refuseTotal(`the total must have at most ${MAX_TOTAL_INTEGER_DIGITS} digits before the point`);

  const now = gateway.clock.now();
  const reminderDays = [...new Set(body.reminder_days ?? [])].sort((a, b) => a - b);
  const row: InvoiceRow = {
    id: randomUUID(),
    business_id: auth.businessId,
    api_key_id: auth.apiKey.id,
    mode: auth.mode,
    number: body.number ?? '',
    status: 'draft',
    recipient_email: body.recipient_email,
    recipient_name: body.recipient_name ?? null,
    fiat_currency: body.fiat_currency,
    line_items: lines,
    total,
    due_date: body.due_date,
    memo: body.memo ?? null,
    language: body.language ?? null,
    accepted_chains: body.accepted_chains ?? [],
    accepted_coins: body.accepted_coins ?? [],
    accepted_tokens: body.accepted_tokens ?? [],
    restrict_to_accepted: restrict,
    reminder_days: reminderDays,
    reminders_done: [],
    metadata: body.metadata ?? {},
    payment_id: null,
    sent_at: null,
    viewed_at: null,
    paid_at: null,
    refunded_at: null,
    voided_at: null,
    reminders_sent: 0,
    last_reminder_at: null,
    created_at: now,
    updated_at: now,
  };
  for (let attempt = 0; ; attempt++) {
    if (body.number === undefined) {
      const [next] = await queryPrepared<{ next: string }>(
        gateway.orm,
        NEXT_NUMBER,
        [row.business_id, row.mode],
        tx,
      );
      row.number = `INV-${next!.next.padStart(6, '0')}`;
    }
    const inserted = await queryPrepared<{ id: string }>(
      gateway.orm,
      INSERT_INVOICE,
      [
        row.id,
        row.business_id,
        row.api_key_id,
        row.mode,
        row.number,
        row.recipient_email,
        row.recipient_name,
        row.fiat_currency,
        JSON.stringify(lines),
        total,
        row.due_date,
        row.memo,
        row.accepted_chains,
        row.accepted_coins,
        row.accepted_tokens,
        row.restrict_to_accepted,
        row.reminder_days,
        JSON.stringify(row.metadata),
        now.toISOString(),
        row.language,
      ],
      tx,
    );
    if (inserted.length > 0) break;
    // A number in use: the merchant's is refused; a generated one lost a race and is drawn again.
    if (body.number !== undefined || attempt === 4) {
      throw new ApiError(
        'INVOICE_NUMBER_TAKEN',
        `Another ${row.mode}-mode invoice of this business already has the number ${row.number}.`,
      );
    }
  }
  return serializeInvoice(gateway.config, row, now);
}
