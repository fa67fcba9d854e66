import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { AttemptResult, ClaimedDelivery } from '../../domain/webhooks/deliveryTypes.js';
import { type ClaimedDeliveryRow, claimedColumns, toClaimedDelivery } from './claimedDeliveryRow.js';

/** What a result write did. */
export interface RecordedResults {
  /** Deliveries updated (a result whose lease was lost is dropped). */
  readonly recorded: number;
  /** The next deliveries of payments whose delivery finished, claimed for their attempt (with `claimNext`). */
  readonly next: ClaimedDelivery[];
}

export interface RecordOptions {
  /**
   * Claim each payment's next delivery, released by a finished one, for the caller (a running
   * dispatcher) under a lease of this many seconds, instead of giving it a due time for a later claim.
   */
  readonly claimNext?: { readonly leaseSeconds: number };
}

/** A result as the statement reads it: plain values only, so JSON.stringify stays on its fast path. */
function toRow(r: AttemptResult) {
  return {
    id: r.id,
    lockToken: r.lockToken,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAtMs: r.nextAttemptAt?.getTime() ?? null,
    attemptedAtMs: r.attemptedAt.getTime(),
    statusCode: r.statusCode,
    responseBody: r.responseBody,
    latencyMs: r.latencyMs,
    errorClass: r.errorClass,
    error: r.error,
    signature: r.signature,
    url: r.url,
    completedAtMs: r.completedAt?.getTime() ?? null,
  };
}

/**
 * Writes a batch of attempt results back in one transaction and releases their locks. For each payment
 * whose delivery finished (delivered, failed or exhausted), the payment's next pending delivery, parked
 * until then, is released: claimed for the caller with `claimNext` (one row update instead of a due
 * time now and a claim later), otherwise given its due time `now`. A claimed one keeps no due time: if
 * its lease runs out (the process died), the ordering sweep gives it one (see unparkDeliveries). A
 * result whose lock token no longer matches (the lease ran out and another process claimed the
 * delivery) is dropped: that process's attempt is the one on record.
 */
export async function recordAttemptResults(
  pool: pg.Pool,
  results: readonly AttemptResult[],
  now: Date,
  options: RecordOptions = {},
): Promise<RecordedResults> {
  if (results.length === 0) return { recorded: 0, next: [] };
  const finishedPayments = [
    ...new Set(results.flatMap((r) => (r.status !== 'pending' && r.paymentId ? [r.paymentId] : []))),
  ];
  const db = await pool.connect();
  try {
    await db.query('begin');
    // The ordering lock of each payment whose delivery finished (in key order, so two writers never
    // wait on each other), taken before the statement below reads its snapshot: an event that the
    // outbox trigger parked behind one of these deliveries is then either visible here and released,
    // or written after this commits and not parked at all (see the webhookBodies migration).
    if (finishedPayments.length > 0) {
      await db.query({
        name: 'cairn_lock_webhook_order',
        text: `select webhook_order_lock(p)
                 from (select p from unnest($1::uuid[]) p order by webhook_order_lock_key(p) offset 0) s`,
        values: [finishedPayments],
      });
    }
    const written = await writeResults(db, results, now, options);
    await db.query('commit');
    return written;
  } catch (error) {
    await db.query('rollback').catch(() => {});
    throw error;
  } finally {
    db.release();
  }
}

async function writeResults(
  db: pg.PoolClient,
  results: readonly AttemptResult[],
  now: Date,
  options: RecordOptions,
): Promise<RecordedResults> {
  const lockToken = randomUUID();
  const result = await db.query<{ recorded: string } & ({ id: null } | ClaimedDeliveryRow)>({
    name: 'cairn_record_webhook_attempts',
    // The batch travels as one JSON document (times as epoch milliseconds): far cheaper to build in
    // Node than one PostgreSQL array per column. Its strings hold no NUL and no lone UTF-16 surrogate,
    // which json refuses (response bodies and error messages go through storableText).
    text: `with r as (
         select * from json_to_recordset($1::json) as r(
           "id" uuid, "lockToken" uuid, "status" text, "attempts" int, "nextAttemptAtMs" float8,
           "attemptedAtMs" float8, "statusCode" int, "responseBody" text, "latencyMs" int,
           "errorClass" text, "error" text, "signature" text, "url" text, "completedAtMs" float8)
       ), done as (
         update webhook_deliveries d
            set status = r."status", attempts = r."attempts",
                next_attempt_at = to_timestamp(r."nextAttemptAtMs" / 1000), locked_until = null,
                lock_token = null, last_attempt_at = to_timestamp(r."attemptedAtMs" / 1000),
                last_status_code = r."statusCode", last_response_body = r."responseBody",
                last_latency_ms = r."latencyMs", last_error_class = r."errorClass", last_error = r."error",
                last_signature = r."signature", last_url = r."url",
                completed_at = to_timestamp(r."completedAtMs" / 1000)
           from r
          where d.id = r."id" and d.lock_token = r."lockToken"
          returning d.id, d.payment_id, d.status
       ), finished as (
         select payment_id, array_agg(id) as ids
           from done where status <> 'pending' and payment_id is not null
          group by payment_id
       ), heads as (
         -- The earliest delivery of each such payment still pending once this batch is written, if
         -- parked (a later event waits for an earlier one).
         select h.id
           from finished f
           cross join lateral (
             select e.id, e.next_attempt_at from webhook_deliveries e
              where e.payment_id = f.payment_id and e.status = 'pending' and e.id <> all (f.ids)
              order by e.event_seq limit 1
           ) h
          where h.next_attempt_at is null
       ), unparked as (
         update webhook_deliveries p set next_attempt_at = $2
           from heads
          where not $3 and p.id = heads.id
       ), claimed as (
         -- Only lock columns change, so the row is updated in place (HOT): no index entries.
         update webhook_deliveries p
            set locked_until = clock_timestamp() + make_interval(secs => $4), lock_token = $5
           from heads, webhook_endpoints w, outbox_events o
          where $3 and p.id = heads.id and (p.locked_until is null or p.locked_until < clock_timestamp())
            and w.id = p.endpoint_id and o.id = p.outbox_event_id
          returning ${claimedColumns('p')}
       )
       select (select count(*) from done) as recorded, c.*
         from (values (1)) as one (x) left join claimed c on true`,
    values: [
      JSON.stringify(results.map(toRow)),
      now.toISOString(),
      options.claimNext !== undefined,
      options.claimNext?.leaseSeconds ?? null,
      lockToken,
    ],
  });
  const next: ClaimedDelivery[] = [];
  for (const row of result.rows) if (row.id !== null) next.push(toClaimedDelivery(row, lockToken));
  return { recorded: Number(result.rows[0]?.recorded ?? 0), next };
}
