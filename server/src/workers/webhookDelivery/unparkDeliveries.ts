import type pg from 'pg';

/**
 * The safety net of per-payment ordering: gives every payment's earliest pending delivery a due time
 * (`now`) when it is parked and not claimed. Results release the next delivery as they are written,
 * under the payment's ordering lock that the outbox trigger also takes, so a delivery is not normally
 * left parked; this sweep covers the rest: a next delivery claimed by the result writer of a process
 * that then died (once its lease has run out), a row edited by hand, a bug; an event never waits for
 * more than one sweep interval after that. Returns how many deliveries it unparked.
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
              and d.status = 'pending' and d.next_attempt_at is null
              and (d.locked_until is null or d.locked_until < clock_timestamp())`,
    values: [now],
  });
  return result.rowCount ?? 0;
}
