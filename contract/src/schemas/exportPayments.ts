import * as z from 'zod';
import { ListPaymentsQuerySchema } from './listPayments.js';

/** The file formats of an export. */
export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The media type of each export format. */
export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson',
};

/**
 * The columns of a payments export, in file order: stable (new columns are only ever added at the
 * end). Amounts are exact decimal strings; the crypto amounts are in whole coins of `coin` on `chain`.
 */
export const PAYMENT_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'status',
  'mode',
  'fiat_amount',
  'fiat_currency',
  'chain',
  'coin',
  'crypto_amount',
  'amount_received',
  'order_id',
  'description',
  'customer_email',
  'confirmed_at',
  'expires_at',
  'cancelled_by',
  'failure_reason',
  'payment_link_id',
  'invoice_id',
] as const;
export type PaymentExportColumn = (typeof PAYMENT_EXPORT_COLUMNS)[number];

/** One exported payment: every column, a string or null (an empty cell in CSV). */
export type PaymentExportRecord = Record<PaymentExportColumn, string | null>;

/** The list's filters (not its cursor or page size) and the file format. */
export const ExportPaymentsQuerySchema = ListPaymentsQuerySchema.omit({ limit: true, starting_after: true })
  .extend({
    format: z.enum(EXPORT_FORMATS).optional().meta({
      description: '`csv` (RFC 4180, UTF-8, the default) or `jsonl` (JSON Lines: one object per payment).',
    }),
  })
  .strict();

/** The export query as sent. */
export type ExportPaymentsQuery = z.input<typeof ExportPaymentsQuerySchema>;

/** The export query once validated. */
export type ParsedExportPaymentsQuery = z.output<typeof ExportPaymentsQuerySchema>;

/**
 * The body of an export of `what` (a plural noun): a file, streamed. Declared as a string for the
 * OpenAPI document; the server hands a stream, which this schema lets through when responses are
 * validated.
 */
export const exportFileSchema = (what: string) =>
  z.any().meta({
    type: 'string',
    description: `The ${what}, newest first: CSV with a header row, or JSON Lines (\`application/x-ndjson\`) with one object per line, the same columns as keys.`,
  });

/** The body of a payments export: a file, streamed (see exportFileSchema). */
export const ExportFileSchema = exportFileSchema('payments');
