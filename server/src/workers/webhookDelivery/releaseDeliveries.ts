import type pg from 'pg';
import type { ClaimedDelivery } from '../../domain/webhooks/deliveryTypes.js';

/**
 * Unlocks claimed deliveries that were never attempted (a stopping dispatcher hands them back). One
 * claimed by a result write (the next of its payment, still without a due time) is given the due time
 * `now`, so the next claim finds it.
 */
export async function releaseDeliveries(
  db: pg.Pool | pg.PoolClient,
  deliveries: readonly ClaimedDelivery[],
  now: Date,
): Promise<void> {
  await db.query(
    `update webhook_deliveries d
        set locked_until = null, lock_token = null, next_attempt_at = coalesce(d.next_attempt_at, $3)
       from unnest($1::uuid[], $2::uuid[]) as r(id, lock_token)
      where d.id = r.id and d.lock_token = r.lock_token`,
    [deliveries.map((d) => d.id), deliveries.map((d) => d.lockToken), now],
  );
}
