import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Deletes deliveries that finished before `cutoff`; returns how many. Pending deliveries are never
 * pruned, and the outbox events themselves stay. A delivery completes after it is created, so
 * `created_at < cutoff` holds for every row to delete; it lets the BRIN index on `created_at` skip the
 * recent part of the table.
 */
export async function pruneWebhookDeliveries(em: EntityManager, cutoff: Date): Promise<number> {
  const rows = await em.getConnection().execute<{ id: string }[]>(
    `delete from webhook_deliveries
        where created_at < ? and status <> 'pending' and completed_at < ? returning id`,
    [cutoff, cutoff],
  );
  return rows.length;
}
