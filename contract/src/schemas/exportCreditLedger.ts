import * as z from 'zod';
import { EXPORT_FORMATS } from './exportPayments.js';
import { TimestampFilter } from './primitives.js';

/**
 * The columns of a Prepaid Credit ledger export, in file order: stable (new columns are only ever
 * added at the end). `amount_usd` is a signed exact decimal in US dollars (negative for a fee);
 * `kind` is one of `grant`, `fee`, `fee_reversal`, `top_up`, `adjustment`; `currency` is always `USD`.
 */
export const CREDIT_LEDGER_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'kind',
  'mode',
  'amount_usd',
  'currency',
  'payment_id',
] as const;
export type CreditLedgerExportColumn = (typeof CREDIT_LEDGER_EXPORT_COLUMNS)[number];

/** One exported ledger entry: every column, a string or null (an empty cell in CSV). */
export type CreditLedgerExportRecord = Record<CreditLedgerExportColumn, string | null>;

/** The ledger export's filters (creation time) and the file format. */
export const ExportCreditLedgerQuerySchema = z
  .object({
    created_gte: TimestampFilter.optional().meta({
      description: 'Only entries created at or after this time.',
    }),
    created_lt: TimestampFilter.optional().meta({ description: 'Only entries created before this time.' }),
    format: z.enum(EXPORT_FORMATS).optional().meta({
      description: '`csv` (RFC 4180, UTF-8, the default) or `jsonl` (JSON Lines: one object per entry).',
    }),
  })
  .strict();

/** The ledger export query as sent. */
export type ExportCreditLedgerQuery = z.input<typeof ExportCreditLedgerQuerySchema>;

/** The ledger export query once validated. */
export type ParsedExportCreditLedgerQuery = z.output<typeof ExportCreditLedgerQuerySchema>;
