import * as z from 'zod';
import { EXPORT_FORMATS } from './exportPayments.js';
import { ListInvoicesQuerySchema } from './invoice.js';

/**
 * The columns of an invoices export, in file order: stable (new columns are only ever added at the
 * end). `total` is an exact decimal string in `fiat_currency`; `due_date` a UTC day (`YYYY-MM-DD`);
 * `overdue` is `true` or `false` at the time of the export.
 */
export const INVOICE_EXPORT_COLUMNS = [
  'id',
  'number',
  'created_at',
  'updated_at',
  'status',
  'overdue',
  'mode',
  'recipient_email',
  'recipient_name',
  'total',
  'fiat_currency',
  'due_date',
  'memo',
  'payment_id',
  'sent_at',
  'viewed_at',
  'paid_at',
  'refunded_at',
  'voided_at',
  'reminders_sent',
  'last_reminder_at',
] as const;
export type InvoiceExportColumn = (typeof INVOICE_EXPORT_COLUMNS)[number];

/** One exported invoice: every column, a string or null (an empty cell in CSV). */
export type InvoiceExportRecord = Record<InvoiceExportColumn, string | null>;

/** The invoice list's filters (not its cursor or page size) and the file format. */
export const ExportInvoicesQuerySchema = ListInvoicesQuerySchema.omit({ limit: true, starting_after: true })
  .extend({
    format: z.enum(EXPORT_FORMATS).optional().meta({
      description: '`csv` (RFC 4180, UTF-8, the default) or `jsonl` (JSON Lines: one object per invoice).',
    }),
  })
  .strict();

/** The invoices export query as sent. */
export type ExportInvoicesQuery = z.input<typeof ExportInvoicesQuerySchema>;

/** The invoices export query once validated. */
export type ParsedExportInvoicesQuery = z.output<typeof ExportInvoicesQuerySchema>;
