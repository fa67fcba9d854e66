import type { Readable } from 'node:stream';
import type { ExportFormat } from '@cairn/contract';
import { streamExport } from '../exports/streamExport.js';
import type { Gateway } from '../gateway/Gateway.js';
import { type PaymentExportFilter, paymentExportQuery } from './paymentExportQuery.js';
import { createPaymentExportWriter } from './paymentExportWriter.js';

/**
 * An export of payments as a file stream (CSV or JSON Lines, see createPaymentExportWriter), newest
 * first ((created_at, id) descending), streamed from a server-side cursor (see streamExport).
 */
export async function streamPaymentExport(
  gateway: Gateway,
  filter: PaymentExportFilter,
  format: ExportFormat,
): Promise<Readable> {
  return streamExport(gateway, paymentExportQuery(filter), createPaymentExportWriter(format));
}
