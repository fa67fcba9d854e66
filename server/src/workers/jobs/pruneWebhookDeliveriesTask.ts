import type { Task } from 'graphile-worker';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { pruneWebhookDeliveries } from '../webhookDelivery/pruneWebhookDeliveries.js';

/** The graphile-worker task name of the hourly delivery log pruning. */
export const PRUNE_WEBHOOK_DELIVERIES_TASK = 'prune_webhook_deliveries';

/** Deletes finished deliveries older than CAIRN_WEBHOOK_LOG_RETENTION_DAYS (hourly cron). */
export function pruneWebhookDeliveriesTask(gateway: Gateway): Task {
  return async () => {
    const days = gateway.config.CAIRN_WEBHOOK_LOG_RETENTION_DAYS;
    const cutoff = new Date(gateway.clock.now().getTime() - days * 86_400_000);
    const pruned = await pruneWebhookDeliveries(gateway.orm.em.fork(), cutoff);
    if (pruned > 0) gateway.log.info({ pruned, days }, 'webhook delivery log pruned');
  };
}
