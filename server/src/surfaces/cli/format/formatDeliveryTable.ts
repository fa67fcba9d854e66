import type { DeliveryLogEntry } from '../../../domain/webhooks/listDeliveries.js';
import { formatTable } from './formatTable.js';
import { isoTime } from './isoTime.js';

/** The delivery log as a plain-text table (`cairn webhooks:deliveries` without `--json`). */
export function formatDeliveryTable(rows: readonly DeliveryLogEntry[]): string {
  const header = ['delivery', 'created', 'event', 'status', 'attempts', 'code', 'error', 'ms', 'next retry'];
  const lines = rows.map((r) => [
    r.id,
    isoTime(r.created_at),
    r.event,
    r.status,
    String(r.attempts),
    r.last_status_code === null ? '' : String(r.last_status_code),
    r.last_error_class ?? '',
    r.last_latency_ms === null ? '' : String(r.last_latency_ms),
    r.status === 'pending' && r.next_attempt_at === null
      ? 'after an earlier event'
      : isoTime(r.next_attempt_at),
  ]);
  return formatTable([header, ...lines]).join('\n');
}
