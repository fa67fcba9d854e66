import { randomUUID } from 'node:crypto';
import type { Mode } from '@cairn/contract';
import type pg from 'pg';
import type { ClaimedDelivery } from './deliveryTypes.js';

/**
 * Claims due deliveries for one attempt each, locking them for `leaseSeconds` of database time
 * (`FOR UPDATE SKIP LOCKED`, so several processes share the queue; a crashed process's claims come
 * back when the lease runs out). A delivery is due when its `next_attempt_at` is at or before `now`
 * (the gateway clock). Per payment, only the earliest pending event has a due time: later ones are
 * parked (`next_attempt_at` null) until the earlier ones are delivered, failed or exhausted (see
 * recordAttemptResults and unparkDeliveries), so the claim never looks at a blocked row.
 */
export async function claimDeliveries(
  db: pg.Pool | pg.PoolClient,
  options: { now: Date; limit: number; leaseSeconds: number; ids?: readonly string[] },
): Promise<ClaimedDelivery[]> {
  const lockToken = randomUUID();
  const result = await db.query<{
    id: string;
    attempts: number;
    event: string;
    mode: Mode;
    payment_id: string | null;
    body: string;
    url: string;
    allowed_ips: string[];
    secret_sealed: string;
    previous_secret_sealed: string | null;
    previous_secret_expires_at: Date | null;
  }>({
    // A named (prepared) statement: parsed and planned once per connection.
    name: 'cairn_claim_webhook_deliveries',
    text: `with picked as (
       select d.id from webhook_deliveries d
       where d.status = 'pending'
         and d.next_attempt_at <= $1
         and (d.locked_until is null or d.locked_until < clock_timestamp())
         and ($5::uuid[] is null or d.id = any ($5::uuid[]))
       order by d.next_attempt_at, d.event_seq
       limit $2
       for update of d skip locked
     )
     update webhook_deliveries d
        set locked_until = clock_timestamp() + make_interval(secs => $3), lock_token = $4
       from picked, webhook_endpoints w, outbox_events o
      where d.id = picked.id and w.id = d.endpoint_id and o.id = d.outbox_event_id
      returning d.id, d.attempts, d.event, d.mode, d.payment_id, o.body, w.url, w.allowed_ips,
                w.secret_sealed, w.previous_secret_sealed, w.previous_secret_expires_at`,
    values: [options.now, options.limit, options.leaseSeconds, lockToken, options.ids ?? null],
  });
  return result.rows.map((r) => ({
    id: r.id,
    lockToken,
    attempts: r.attempts,
    event: r.event,
    mode: r.mode,
    paymentId: r.payment_id,
    requestBody: r.body,
    url: r.url,
    allowedIps: r.allowed_ips,
    secretSealed: r.secret_sealed,
    previousSecretSealed: r.previous_secret_sealed,
    previousSecretExpiresAt: r.previous_secret_expires_at,
  }));
}
