import type pg from 'pg';
import type { AttemptResult } from './deliveryTypes.js';

/**
 * Writes a batch of attempt results back in one statement and releases their locks; for each payment
 * whose delivery finished (delivered, failed or exhausted), the same statement gives the payment's next
 * pending delivery, if parked, its due time `now`. A result whose lock token no longer matches (the
 * lease ran out and another process claimed the delivery) is dropped: that process's attempt is the one
 * on record. Returns the number of deliveries updated.
 */
export async function recordAttemptResults(
  db: pg.Pool | pg.PoolClient,
  results: readonly AttemptResult[],
  now: Date,
): Promise<number> {
  if (results.length === 0) return 0;
  const column = <T>(pick: (r: AttemptResult) => T) => results.map(pick);
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  const result = await db.query<{ recorded: string }>({
    name: 'cairn_record_webhook_attempts',
    text: `with r as (
         select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::timestamptz[],
                              $6::timestamptz[], $7::int[], $8::text[], $9::int[], $10::text[], $11::text[],
                              $12::text[], $13::text[], $14::timestamptz[])
           as r(id, lock_token, status, attempts, next_attempt_at, attempted_at, status_code,
                response_body, latency_ms, error_class, error, signature, url, completed_at)
       ), done as (
         update webhook_deliveries d
            set status = r.status, attempts = r.attempts, next_attempt_at = r.next_attempt_at,
                locked_until = null, lock_token = null, last_attempt_at = r.attempted_at,
                last_status_code = r.status_code, last_response_body = r.response_body,
                last_latency_ms = r.latency_ms, last_error_class = r.error_class, last_error = r.error,
                last_signature = r.signature, last_url = r.url, completed_at = r.completed_at
           from r
          where d.id = r.id and d.lock_token = r.lock_token
          returning d.id, d.payment_id, d.status
       ), finished as (
         select payment_id, array_agg(id) as ids
           from done where status <> 'pending' and payment_id is not null
          group by payment_id
       ), heads as (
         -- The earliest delivery of each such payment still pending once this batch is written.
         select h.id, h.next_attempt_at
           from finished f
           cross join lateral (
             select e.id, e.next_attempt_at from webhook_deliveries e
              where e.payment_id = f.payment_id and e.status = 'pending' and e.id <> all (f.ids)
              order by e.event_seq limit 1
           ) h
       ), unparked as (
         update webhook_deliveries p set next_attempt_at = $15
           from heads
          where p.id = heads.id and heads.next_attempt_at is null
          returning p.id
       )
       select (select count(*) from done) as recorded, (select count(*) from unparked) as unparked`,
    values: [
      column((r) => r.id),
      column((r) => r.lockToken),
      column((r) => r.status),
      column((r) => r.attempts),
      column((r) => iso(r.nextAttemptAt)),
      column((r) => iso(r.attemptedAt)),
      column((r) => r.statusCode),
      column((r) => r.responseBody),
      column((r) => r.latencyMs),
      column((r) => r.errorClass),
      column((r) => r.error),
      column((r) => r.signature),
      column((r) => r.url),
      column((r) => iso(r.completedAt)),
      now.toISOString(),
    ],
  });
  return Number(result.rows[0]?.recorded ?? 0);
}
