import type { Readable } from 'node:stream';
import { EXPORT_CONTENT_TYPES, type ExportFormat, type Mode } from '@cairn/contract';
import type { FastifyReply } from 'fastify';
import { type ExportKind, exportDisposition } from '../../../domain/exports/exportDisposition.js';

/** The `format` a dashboard export link asks for: `jsonl`, else CSV. */
export const exportFormatOf = (value: string | string[] | undefined): ExportFormat =>
  (Array.isArray(value) ? value[0] : value) === 'jsonl' ? 'jsonl' : 'csv';

/**
 * Sends a dashboard export as the API sends its own: the format's media type, an attachment named
 * for what it holds, the mode and the day of `now`, never cached.
 */
export function sendExport(
  reply: FastifyReply,
  file: { kind: ExportKind; mode: Mode; now: Date; format: ExportFormat; body: Readable },
) {
  return reply
    .header('content-type', EXPORT_CONTENT_TYPES[file.format])
    .header('content-disposition', exportDisposition(file.kind, file.mode, file.now, file.format))
    .header('cache-control', 'no-store')
    .send(file.body);
}
