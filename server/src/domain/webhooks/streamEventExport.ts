import type { Readable } from 'node:stream';
import { EVENT_EXPORT_COLUMNS, type ExportFormat } from '@cairn/contract';
import { createExportWriter } from '../exports/createExportWriter.js';
import { numberedQuery } from '../exports/numberedQuery.js';
import { streamExport } from '../exports/streamExport.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { type EventFilter, eventFilterConditions } from './eventFilterConditions.js';

/**
 * The columns an events export reads, one per column of EVENT_EXPORT_COLUMNS and in its order, all
 * text: id, event and created_at exactly as the webhook body (`outbox_events.body`) carries them,
 * `data` the body's data object as JSON text.
 */
const SELECT = `select o.body::jsonb ->> 'id', o.event, o.body::jsonb ->> 'created_at', o.mode, o.payment_id::text,
       o.invoice_id::text, (o.body::jsonb -> 'data')::text
  from outbox_events o`;

/**
 * An export of a scope's events matching the list's filters (see eventFilterConditions), newest first
 * (`seq` descending, the list's order), as a file stream (see streamExport).
 */
export async function streamEventExport(
  gateway: Gateway,
  scope: PaymentScope,
  filter: EventFilter,
  format: ExportFormat,
): Promise<Readable> {
  const { where, params } = eventFilterConditions(scope, filter);
  const query = numberedQuery(`${SELECT}\n where ${where.join(' and ')}\n order by o.seq desc`, params);
  return streamExport(gateway, query, createExportWriter({ columns: EVENT_EXPORT_COLUMNS, format }));
}
