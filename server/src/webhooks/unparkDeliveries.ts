import type pg from 'pg';

/**
 * The safety net of per-payment ordering: gives every payment's earliest pending delivery a due time
 * (`now`) when it is parked. Results unpark the next delivery as they are written; this sweep catches
 * the one race that can leave a delivery parked (an event written while its predecessor's result is
 * being written, which the trigger saw still pending), so such an event waits at most one sweep
 * interval. Returns how many deliveries it unparked.
 */
export async function unparkDeliveries(db: pg.Pool | pg.PoolClient, now: Date): Promise<number> {
  const result = await db.query({
    name: 'cairn_unpark_webhook_deliveries',
    text: `update webhook_deliveries d set next_attempt_at = $1
             from (select distinct on (payment_id) id, next_attempt_at
                     from webhook_deliveries
                    where status = 'pending' and payment_id is not null
                    order by payment_id, event_seq) heads
            where d.id = heads.id and heads.next_attempt_at is null
              and d.status = 'pending' and d.next_attempt_at is null`,
    values: [now],
  });
  return result.rowCount ?? 0;
}
