import type { ExportFormat, Mode } from '@cairn/contract';
import { type ExportKind, exportDisposition } from '../exports/exportDisposition.js';
import type { ApiCallReply } from './ApiHandlers.js';

/**
 * The headers of an export's answer: an attachment named for what it holds, the mode and the day of
 * `now`, never cached. (Its media type follows `format` in registerApiRoutes: ts-rest writes the
 * contract's one content type after the handler returns.)
 */
export function setExportHeaders(
  reply: ApiCallReply,
  kind: ExportKind,
  mode: Mode,
  now: Date,
  format: ExportFormat,
): void {
  reply.header('content-disposition', exportDisposition(kind, mode, now, format));
  reply.header('cache-control', 'no-store');
}
