import * as z from 'zod';
import { EXPORT_FORMATS } from './exportPayments.js';
import { ListEventsQuerySchema } from './listEvents.js';

/**
 * The columns of an events export, in file order: stable (new columns are only ever added at the
 * end). `id`, `event` and `created_at` are the webhook body's; `data` is the body's `data` object as
 * JSON text (the same object `GET /events/{id}` returns under `data`).
 */
export const EVENT_EXPORT_COLUMNS = [
  'id',
  'event',
  'created_at',
  'mode',
  'payment_id',
  'invoice_id',
  'data',
] as const;
export type EventExportColumn = (typeof EVENT_EXPORT_COLUMNS)[number];

/** One exported event: every column, a string or null (an empty cell in CSV). */
export type EventExportRecord = Record<EventExportColumn, string | null>;

/** The event list's filters (not its cursor or page size) and the file format. */
export const ExportEventsQuerySchema = ListEventsQuerySchema.omit({ limit: true, starting_after: true })
  .extend({
    format: z.enum(EXPORT_FORMATS).optional().meta({
      description: '`csv` (RFC 4180, UTF-8, the default) or `jsonl` (JSON Lines: one object per event).',
    }),
  })
  .strict();

/** The events export query as sent. */
export type ExportEventsQuery = z.input<typeof ExportEventsQuerySchema>;

/** The events export query once validated. */
export type ParsedExportEventsQuery = z.output<typeof ExportEventsQuerySchema>;
