import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookQueueDepth } from './webhookMetrics.js';

/** The webhook queue's depth at `now` (the gateway clock), for the metrics. */
export async function readQueueDepth(em: EntityManager, now: Date): Promise<WebhookQueueDepth> {
  const [row] = await em
    .getConnection()
    .execute<{ due: string; scheduled: string; parked: string; oldest_due_seconds: number | null }[]>(
      // In flight counts as due; a payment's next delivery claimed by a result write has no due time.
      `select count(*) filter (where next_attempt_at <= ? or (next_attempt_at is null and locked_until >= now()))
              as due,
            count(*) filter (where next_attempt_at > ?) as scheduled,
            count(*) filter (where next_attempt_at is null and (locked_until is null or locked_until < now()))
              as parked,
            extract(epoch from ?::timestamptz - min(next_attempt_at) filter (where next_attempt_at <= ?))::float8
              as oldest_due_seconds
       from webhook_deliveries where status = 'pending'`,
      [now, now, now, now],
    );
  return {
    due: Number(row?.due ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
    parked: Number(row?.parked ?? 0),
    oldestDueSeconds: Math.max(0, Number(row?.oldest_due_seconds ?? 0)),
  };
}
