import type { CustomerLanguage, InvoiceStatus, Mode } from '@cairn/contract';
import type { Gateway } from '../gateway/Gateway.js';
import { findInvoiceRow } from './findInvoice.js';
import { isOverdue, lineItemsOf, type StoredLineItem } from './invoiceRow.js';
import { markInvoiceViewed } from './markInvoiceViewed.js';

/** An invoice as its recipient's page shows it. */
export interface InvoicePage {
  readonly businessName: string;
  readonly mode: Mode;
  readonly number: string;
  /** Open, paid, refunded or void (a draft has no page). */
  readonly status: InvoiceStatus;
  readonly recipientName: string | null;
  readonly recipientEmail: string;
  readonly currency: string;
  readonly lines: readonly StoredLineItem[];
  /** Decimal string, in `currency`. */
  readonly total: string;
  /** The due date, YYYY-MM-DD (a UTC day). */
  readonly dueDate: string;
  /** Whether the invoice is open and its due date is over, at the gateway clock's now. */
  readonly overdue: boolean;
  readonly memo: string | null;
  /** The UTC day it was paid, YYYY-MM-DD; null while unpaid. */
  readonly paidOn: string | null;
  /** The language the merchant set; null leaves it to the recipient's browser. */
  readonly language: CustomerLanguage | null;
}

/**
 * The invoice with id `id` for its recipient's page (any business: the id is the recipient's
 * credential), or undefined for an unknown id or a draft (not shown to anyone before it is sent).
 * With `recordView`, this is the recipient opening the page: the first open sets `viewed_at` and
 * sends `invoice.viewed` (see markInvoiceViewed); without, the page is read only (the answer to Pay).
 */
export async function loadInvoicePage(
  gateway: Gateway,
  id: string,
  options: { readonly recordView: boolean },
): Promise<InvoicePage | undefined> {
  const row = options.recordView
    ? await markInvoiceViewed(gateway, gateway.orm.em.fork(), id)
    : await findInvoiceRow(gateway.orm.em.fork(), undefined, id);
  if (!row || row.status === 'draft') return undefined;
  const [business] = await gateway.orm.em
    .fork()
    .getConnection()
    .execute<{ name: string }[]>('select name from businesses where id = ?', [row.business_id]);
  return {
    businessName: business?.name ?? '',
    mode: row.mode,
    number: row.number,
    status: row.status,
    recipientName: row.recipient_name,
    recipientEmail: row.recipient_email,
    currency: row.fiat_currency,
    lines: lineItemsOf(row),
    total: row.total,
    dueDate: row.due_date,
    overdue: isOverdue(row, gateway.clock.now()),
    memo: row.memo,
    paidOn: row.paid_at === null ? null : new Date(row.paid_at).toISOString().slice(0, 10),
    language: row.language,
  };
}
