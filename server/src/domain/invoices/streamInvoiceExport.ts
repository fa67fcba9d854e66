import type { Readable } from 'node:stream';
import { type ExportFormat, INVOICE_EXPORT_COLUMNS } from '@cairn/contract';
import {
  createExportWriter,
  type ExportRow,
  exportTime,
  exportTimeColumn,
} from '../exports/createExportWriter.js';
import { numberedQuery } from '../exports/numberedQuery.js';
import { streamExport } from '../exports/streamExport.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { type InvoiceFilter, invoiceFilterConditions } from './invoiceFilterConditions.js';

const time = exportTimeColumn;

/**
 * The columns an invoices export reads, one per column of INVOICE_EXPORT_COLUMNS and in its order,
 * all text. `overdue` is decided in the statement by the same rule as the API's (`?` is today, UTC).
 */
const SELECT = `select i.id, i.number, ${time('i.created_at')}, ${time('i.updated_at')}, i.status,
       (i.status = 'open' and i.due_date < ?::date)::text, i.mode, i.recipient_email, i.recipient_name,
       i.total::text, i.fiat_currency, to_char(i.due_date, 'YYYY-MM-DD'), i.memo, i.payment_id::text,
       ${time('i.sent_at')}, ${time('i.viewed_at')}, ${time('i.paid_at')}, ${time('i.refunded_at')},
       ${time('i.voided_at')}, i.reminders_sent::text, ${time('i.last_reminder_at')}
  from invoices i`;

const TIME_COLUMNS = (
  [
    'created_at',
    'updated_at',
    'sent_at',
    'viewed_at',
    'paid_at',
    'refunded_at',
    'voided_at',
    'last_reminder_at',
  ] as const
).map((name) => INVOICE_EXPORT_COLUMNS.indexOf(name));

function exportInvoiceRow(row: ExportRow): ExportRow {
  for (const column of TIME_COLUMNS) row[column] = exportTime(row[column] ?? null);
  return row;
}

/**
 * An export of a scope's invoices matching the list's filters (see invoiceFilterConditions), newest
 * first ((created_at, id) descending, the list's order), as a file stream (see streamExport).
 */
export async function streamInvoiceExport(
  gateway: Gateway,
  scope: PaymentScope,
  filter: InvoiceFilter,
  format: ExportFormat,
): Promise<Readable> {
  const now = gateway.clock.now();
  const { where, params } = invoiceFilterConditions(scope, filter, now);
  const query = numberedQuery(
    `${SELECT}\n where ${where.join(' and ')}\n order by i.created_at desc, i.id desc`,
    [now.toISOString().slice(0, 10), ...params],
  );
  return streamExport(
    gateway,
    query,
    createExportWriter({ columns: INVOICE_EXPORT_COLUMNS, format, mapRow: exportInvoiceRow }),
  );
}
