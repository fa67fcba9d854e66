import type { ExportFormat, Mode } from '@cairn/contract';

/** What an export holds, the first word of its file name. */
export type ExportKind = 'payments' | 'invoices' | 'events' | 'credit-ledger';

/**
 * The `Content-Disposition` of an export: an attachment named `<kind>-<mode>-<YYYY-MM-DD>.<ext>`,
 * the date (UTC) of `now`.
 */
export function exportDisposition(kind: ExportKind, mode: Mode, now: Date, format: ExportFormat): string {
  return `attachment; filename="${kind}-${mode}-${now.toISOString().slice(0, 10)}.${format}"`;
}
