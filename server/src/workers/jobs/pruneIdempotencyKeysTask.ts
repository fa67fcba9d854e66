import type { Task } from 'graphile-worker';
import { IDEMPOTENCY_RETENTION_MS } from '../../domain/apiKeys/withIdempotency.js';
import type { Gateway } from '../../domain/gateway/Gateway.js';

/** Deletes idempotency records past their 24 h retention (hourly cron). */
export function pruneIdempotencyKeysTask(gateway: Gateway): Task {
  return async () => {
    const cutoff = new Date(gateway.clock.now().getTime() - IDEMPOTENCY_RETENTION_MS);
    await gateway.orm.em
      .fork()
      .getConnection()
      .execute('delete from idempotency_keys where created_at < ?', [cutoff]);
  };
}
