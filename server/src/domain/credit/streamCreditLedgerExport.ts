import type { Readable } from 'node:stream';
import { CREDIT_LEDGER_EXPORT_COLUMNS, type ExportFormat, type Mode } from '@cairn/contract';
import {
  createExportWriter,
  type ExportRow,
  exportTime,
  exportTimeColumn,
} from '../exports/createExportWriter.js';
import { numberedQuery } from '../exports/numberedQuery.js';
import { streamExport } from '../exports/streamExport.js';
import type { Gateway } from '../gateway/Gateway.js';

/** Which entries a ledger export holds: one business and mode (the scope), then a creation range. */
export interface CreditLedgerExportFilter {
  /** Created at or after. */
  readonly createdFrom?: Date | undefined;
  /** Created before. */
  readonly createdBefore?: Date | undefined;
}

const SELECT = `select c.id, ${exportTimeColumn('c.created_at')}, c.kind, c.mode, c.amount_usd::text, 'USD',
       c.payment_id::text
  from credit_ledger c`;

const CREATED_AT = CREDIT_LEDGER_EXPORT_COLUMNS.indexOf('created_at');

function exportEntryRow(row: ExportRow): ExportRow {
  row[CREATED_AT] = exportTime(row[CREATED_AT] ?? null);
  return row;
}

/**
 * An export of a business's Prepaid Credit ledger in one mode (test and live ledgers never mix),
 * newest first ((created_at, id) descending, the ledger page's order), as a file stream (see
 * streamExport). Amounts are the stored signed decimals, in US dollars.
 */
export async function streamCreditLedgerExport(
  gateway: Gateway,
  scope: { readonly businessId: string; readonly mode: Mode },
  filter: CreditLedgerExportFilter,
  format: ExportFormat,
): Promise<Readable> {
  const where = ['c.business_id = ?', 'c.mode = ?'];
  const params: unknown[] = [scope.businessId, scope.mode];
  if (filter.createdFrom) {
    where.push('c.created_at >= ?');
    params.push(filter.createdFrom);
  }
  if (filter.createdBefore) {
    where.push('c.created_at < ?');
    params.push(filter.createdBefore);
  }
  const query = numberedQuery(
    `${SELECT}\n where ${where.join(' and ')}\n order by c.created_at desc, c.id desc`,
    params,
  );
  return streamExport(
    gateway,
    query,
    createExportWriter({ columns: CREDIT_LEDGER_EXPORT_COLUMNS, format, mapRow: exportEntryRow }),
  );
}
