import type { ExportFormat, Mode } from '@cairn/contract';

/**
 * The `Content-Disposition` of an export: an attachment named `payments-<mode>-<YYYY-MM-DD>.<ext>`,
 * the date (UTC) of `now`.
 */
export function paymentExportDisposition(mode: Mode, now: Date, format: ExportFormat): string {
  return `attachment; filename="payments-${mode}-${now.toISOString().slice(0, 10)}.${format}"`;
}
