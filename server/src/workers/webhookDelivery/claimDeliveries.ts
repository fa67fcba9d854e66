import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ClaimedDelivery } from '../../domain/webhooks/deliveryTypes.js';
import { type ClaimedDeliveryRow, claimedColumns, toClaimedDelivery } from './claimedDeliveryRow.js';

/**
 * Claims due deliveries for one attempt each, locking them for `leaseSeconds` of database time
 * (`FOR UPDATE SKIP LOCKED`, so several processes share the queue; a crashed process's claims come
 * back when the lease runs out). A delivery is due when its `next_attempt_at` is at or before `now`
 * (the gateway clock). Per payment, only the earliest pending event has a due time: later ones are
 * parked (`next_attempt_at` null) until the earlier ones are delivered, failed or exhausted: the result
 * writer then claims it at once or gives it a due time (see recordAttemptResults and unparkDeliveries),
 * so this claim never looks at a blocked row.
 */
export async function claimDeliveries(
  db: pg.Pool | pg.PoolClient,
  options: { now: Date; limit: number; leaseSeconds: number; ids?: readonly string[] },
): Promise<ClaimedDelivery[]> {
  const lockToken = randomUUID();
  const result = await db.query<ClaimedDeliveryRow>({
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
      returning ${claimedColumns('d')}`,
    values: [options.now, options.limit, options.leaseSeconds, lockToken, options.ids ?? null],
  });
  return result.rows.map((row) => toClaimedDelivery(row, lockToken));
}
