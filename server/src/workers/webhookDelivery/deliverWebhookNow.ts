import type { Gateway } from '../../domain/gateway/Gateway.js';
import { createSecretCipher } from '../../domain/webhooks/createSecretCipher.js';
import { type DeliveryLogEntry, listDeliveries } from '../../domain/webhooks/listDeliveries.js';
import { loadMasterKey } from '../../domain/webhooks/loadMasterKey.js';
import { createWebhookDispatcher, type DispatcherLog } from './createWebhookDispatcher.js';

/** How long {@link deliverWebhookNow} waits for the attempt (a running gateway's, or its own). */
const ATTEMPT_WAIT_MS = 45_000;

/**
 * Sends one delivery now through the delivery pipeline (or, when a running gateway claimed it first,
 * waits for that attempt) and returns its log entry. For operator commands (`cairn webhooks:send-test`,
 * `webhooks:redeliver`), which run no delivery loop of their own.
 */
export async function deliverWebhookNow(
  gateway: Pick<Gateway, 'orm' | 'clock' | 'config'>,
  databaseUrl: string,
  deliveryId: string,
  log: DispatcherLog,
): Promise<DeliveryLogEntry> {
  const { config } = gateway;
  const dispatcher = createWebhookDispatcher({
    databaseUrl,
    clock: gateway.clock,
    log,
    cipher: createSecretCipher(loadMasterKey(config, () => {}).key),
    allowPrivateFlag: config.CAIRN_ALLOW_PRIVATE_WEBHOOKS,
    concurrency: 1,
    leaseSeconds: config.CAIRN_WEBHOOK_LEASE_SECONDS,
    pollIntervalMs: config.CAIRN_WEBHOOK_POLL_MS,
  });
  try {
    const deadline = Date.now() + ATTEMPT_WAIT_MS;
    await dispatcher.deliverDue({ ids: [deliveryId] });
    for (;;) {
      const [entry] = await listDeliveries(gateway.orm.em.fork(), { deliveryId });
      if (!entry) throw new Error(`delivery ${deliveryId} disappeared`);
      if (entry.attempts > 0 || entry.last_error_class !== null || Date.now() > deadline) return entry;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await dispatcher.stop(0);
  }
}
