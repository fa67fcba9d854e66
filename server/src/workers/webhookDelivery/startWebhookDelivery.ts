import type { Registry } from 'prom-client';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { createSecretCipher } from '../../domain/webhooks/createSecretCipher.js';
import { loadMasterKey } from '../../domain/webhooks/loadMasterKey.js';
import type { Resolver } from '../../domain/webhooks/resolveDestination.js';
import { WebhookError } from '../../domain/webhooks/WebhookError.js';
import { createWebhookDispatcher, type WebhookDispatcher } from './createWebhookDispatcher.js';
import { readQueueDepth } from './readQueueDepth.js';
import { createWebhookMetrics } from './webhookMetrics.js';

/**
 * Starts webhook delivery for a gateway: loads the master key (refusing to start when live endpoints
 * exist but CAIRN_MASTER_KEY is not set), warns loudly about CAIRN_ALLOW_PRIVATE_WEBHOOKS, and starts
 * the dispatcher loop, with its metrics on `registry` when given.
 *
 * @throws {WebhookError} MASTER_KEY_REQUIRED.
 */
export async function startWebhookDelivery(
  gateway: Gateway,
  databaseUrl: string,
  options: { resolver?: Resolver; registry?: Registry } = {},
): Promise<WebhookDispatcher> {
  const { config, log } = gateway;
  const masterKey = loadMasterKey(config, (message) => log.warn(message));
  if (!masterKey.configured) {
    const [row] = await gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>(`select count(*) as n from webhook_endpoints where mode = 'live'`);
    if (Number(row?.n ?? 0) > 0)
      throw new WebhookError(
        'MASTER_KEY_REQUIRED',
        'Live-mode webhook endpoints exist but CAIRN_MASTER_KEY is not set: set it to the key their secrets were sealed with.',
      );
  }
  if (config.CAIRN_ALLOW_PRIVATE_WEBHOOKS) {
    log.warn(
      'CAIRN_ALLOW_PRIVATE_WEBHOOKS=true: test-mode webhooks may reach loopback and private-network addresses. ' +
        'For local development only; it never applies to live mode.',
    );
  }
  const dispatcher = createWebhookDispatcher({
    databaseUrl,
    clock: gateway.clock,
    log,
    cipher: createSecretCipher(masterKey.key),
    allowPrivateFlag: config.CAIRN_ALLOW_PRIVATE_WEBHOOKS,
    concurrency: config.CAIRN_WEBHOOK_CONCURRENCY,
    leaseSeconds: config.CAIRN_WEBHOOK_LEASE_SECONDS,
    pollIntervalMs: config.CAIRN_WEBHOOK_POLL_MS,
    ...(options.resolver ? { resolver: options.resolver } : {}),
    ...(options.registry
      ? {
          metrics: createWebhookMetrics(options.registry, () =>
            readQueueDepth(gateway.orm.em.fork(), gateway.clock.now()),
          ),
        }
      : {}),
  });
  await dispatcher.start();
  log.info(
    { concurrency: config.CAIRN_WEBHOOK_CONCURRENCY, masterKey: masterKey.source },
    'webhook delivery started',
  );
  return dispatcher;
}
