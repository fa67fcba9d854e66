import type pg from 'pg';
import type { AttemptResult } from './deliveryTypes.js';

/**
 * Writes a batch of attempt results back in one statement and releases their locks. A result whose
 * lock token no longer matches (the lease ran out and another process claimed the delivery) is
 * dropped: that process's attempt is the one on record. Returns the number of rows updated.
 */
export async function recordAttemptResults(
  db: pg.Pool | pg.PoolClient,
  results: readonly AttemptResult[],
): Promise<number> {
  if (results.length === 0) return 0;
  const column = <T>(pick: (r: AttemptResult) => T) => results.map(pick);
  const result = await db.query({
    name: 'cairn_record_webhook_attempts',
    text: `update webhook_deliveries d
        set status = r.status, attempts = r.attempts, next_attempt_at = r.next_attempt_at,
            locked_until = null, lock_token = null, last_attempt_at = r.attempted_at,
            last_status_code = r.status_code, last_response_body = r.response_body,
            last_latency_ms = r.latency_ms, last_error_class = r.error_class, last_error = r.error,
            last_signature = r.signature, last_url = r.url, completed_at = r.completed_at
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::timestamptz[], $6::timestamptz[],
                   $7::int[], $8::text[], $9::int[], $10::text[], $11::text[], $12::text[], $13::text[],
                   $14::timestamptz[])
            as r(id, lock_token, status, attempts, next_attempt_at, attempted_at, status_code,
                 response_body, latency_ms, error_class, error, signature, url, completed_at)
      where d.id = r.id and d.lock_token = r.lock_token`,
    values: [
      column((r) => r.id),
      column((r) => r.lockToken),
      column((r) => r.status),
      column((r) => r.attempts),
      column((r) => r.nextAttemptAt),
      column((r) => r.attemptedAt),
      column((r) => r.statusCode),
      column((r) => r.responseBody),
      column((r) => r.latencyMs),
      column((r) => r.errorClass),
      column((r) => r.error),
      column((r) => r.signature),
      column((r) => r.url),
      column((r) => r.completedAt),
    ],
  });
  return result.rowCount ?? 0;
}
