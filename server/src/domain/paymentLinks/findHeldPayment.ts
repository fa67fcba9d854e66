import type { EntityManager } from '@mikro-orm/postgresql';
import { LINK_HOLD_MS, UNPAID_STATUSES } from './paymentLinkRow.js';

/**
 * The id of the payment a client address made from the link that still holds one of its uses at
 * `now` (nothing received yet, made within {@link LINK_HOLD_MS}), or undefined. Served by
 * `payment_link_visits_address_idx`.
 */
export async function findHeldPayment(
  em: EntityManager,
  linkId: string,
  clientAddress: string,
  now: Date,
): Promise<string | undefined> {
  const holdsSince = new Date(now.getTime() - LINK_HOLD_MS);
  const [held] = await em.getConnection().execute<{ payment_id: string }[]>(
    `select v.payment_id from payment_link_visits v join payments p on p.id = v.payment_id
      where v.payment_link_id = ? and v.client_address = ? and v.created_at > ?
        and p.status in (${UNPAID_STATUSES.map((s) => `'${s}'`).join(', ')}) and p.created_at > ?
      order by p.created_at desc limit 1`,
    [linkId, clientAddress, holdsSince, holdsSince],
    'all',
    em.getTransactionContext(),
  );
  return held?.payment_id;
}
