import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Deletes deliveries that finished before `cutoff`; returns how many. Pending deliveries are never
 * pruned, and the outbox events themselves stay.
 */
export async function pruneWebhookDeliveries(em: EntityManager, cutoff: Date): Promise<number> {
  const rows = await em
    .getConnection()
    .execute<{ id: string }[]>(
      `delete from webhook_deliveries where status <> 'pending' and completed_at < ? returning id`,
      [cutoff],
    );
  return rows.length;
}
