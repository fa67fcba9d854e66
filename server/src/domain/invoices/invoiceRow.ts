import type { CustomerLanguage, Invoice, InvoiceStatus, Mode } from '@cairn/contract';
import type { Config } from '../../platform/config/loadConfig.js';
import { rfc3339 } from '../payments/serializePayment.js';

/** A line of an invoice as stored (the amount computed at creation). */
export interface StoredLineItem {
  readonly description: string;
  readonly quantity: string;
  readonly unit_price: string;
  readonly amount: string;
}

/** An `invoices` row as the invoice queries select it. */
export interface InvoiceRow {
  id: string;
  business_id: string;
  api_key_id: string;
  mode: Mode;
  number: string;
  status: InvoiceStatus;
  recipient_email: string;
  recipient_name: string | null;
  fiat_currency: string;
  line_items: StoredLineItem[] | string;
  total: string;
  due_date: string;
  memo: string | null;
  /** The merchant's choice of language for the mails and pages (null: none). */
  language: CustomerLanguage | null;
  accepted_chains: string[];
  accepted_coins: string[];
  accepted_tokens: string[];
  restrict_to_accepted: boolean;
  reminder_days: number[];
  reminders_done: number[];
  metadata: Record<string, string> | string;
  payment_id: string | null;
  sent_at: Date | string | null;
  viewed_at: Date | string | null;
  paid_at: Date | string | null;
  refunded_at: Date | string | null;
  voided_at: Date | string | null;
  reminders_sent: number;
  last_reminder_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The columns of an invoice row, `i` being `invoices` (dates and numbers as text). */
export const INVOICE_COLUMNS = `i.id, i.business_id, i.api_key_id, i.mode, i.number, i.status, i.recipient_email,
  i.recipient_name, i.fiat_currency, i.line_items, i.total::text as total, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
  i.memo, i.language, i.accepted_chains, i.accepted_coins, i.accepted_tokens, i.restrict_to_accepted, i.reminder_days,
  i.reminders_done, i.metadata, i.payment_id, i.sent_at, i.viewed_at, i.paid_at, i.refunded_at, i.voided_at,
  i.reminders_sent, i.last_reminder_at, i.created_at, i.updated_at`;

const time = (value: Date | string | null) => (value === null ? null : rfc3339(new Date(value)));
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The invoice page: `{checkout_url_base}/invoices/<id>`. */
export const invoiceUrl = (config: Pick<Config, 'urls'>, id: string) =>
  `${config.urls.checkout}/invoices/${id}`;

/** Whether an open invoice's due date (a UTC day) is over at `now`. */
export function isOverdue(row: Pick<InvoiceRow, 'status' | 'due_date'>, now: Date): boolean {
  return row.status === 'open' && now.toISOString().slice(0, 10) > row.due_date;
}

/** The stored line items. */
export const lineItemsOf = (row: Pick<InvoiceRow, 'line_items'>) => json<StoredLineItem[]>(row.line_items);

/** The API's view of an invoice at `now` (which decides `overdue`). */
export function serializeInvoice(config: Pick<Config, 'urls'>, row: InvoiceRow, now: Date): Invoice {
  return {
    id: row.id,
    number: row.number,
    mode: row.mode,
    status: row.status,
    overdue: isOverdue(row, now),
    recipient_email: row.recipient_email,
    recipient_name: row.recipient_name,
    fiat_currency: row.fiat_currency,
    line_items: lineItemsOf(row).map((item) => ({ ...item })),
    total: row.total,
    due_date: row.due_date,
    memo: row.memo,
    language: row.language,
    accepted_chains: row.accepted_chains as Invoice['accepted_chains'],
    accepted_coins: row.accepted_coins,
    accepted_tokens: row.accepted_tokens,
    restrict_to_accepted: row.restrict_to_accepted,
    reminder_days: [...row.reminder_days],
    metadata: json<Record<string, string>>(row.metadata),
    payment_id: row.payment_id,
    hosted_url: invoiceUrl(config, row.id),
    sent_at: time(row.sent_at),
    viewed_at: time(row.viewed_at),
    paid_at: time(row.paid_at),
    refunded_at: time(row.refunded_at),
    voided_at: time(row.voided_at),
    reminders_sent: row.reminders_sent,
    last_reminder_at: time(row.last_reminder_at),
    created_at: time(row.created_at)!,
    updated_at: time(row.updated_at)!,
  };
}
