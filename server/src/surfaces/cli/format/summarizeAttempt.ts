import type { DeliveryLogEntry } from '../../../domain/webhooks/listDeliveries.js';
import { isoTime } from './isoTime.js';

/** A delivery's latest attempt, as `webhooks:send-test` and `webhooks:redeliver` print it. */
export function summarizeAttempt(entry: DeliveryLogEntry) {
  return {
    delivery_id: entry.id,
    event_id: entry.event_id,
    event: entry.event,
    url: entry.url,
    status: entry.status,
    attempts: entry.attempts,
    status_code: entry.last_status_code,
    error_class: entry.last_error_class,
    error: entry.last_error,
    latency_ms: entry.last_latency_ms,
    next_attempt_at: entry.next_attempt_at === null ? null : isoTime(entry.next_attempt_at),
  };
}
