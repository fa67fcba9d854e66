import { WEBHOOK_EVENT_NAMES } from '@cairn/contract';
import pino from 'pino';
import { createSecretCipher } from '../../src/domain/webhooks/createSecretCipher.js';
import { createWebhookContext } from '../../src/domain/webhooks/createWebhookContext.js';
import { decodeMasterKey } from '../../src/domain/webhooks/decodeMasterKey.js';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { loadConfig } from '../../src/platform/config/loadConfig.js';
import type { Clock } from '../../src/platform/runtime/clock.js';
import { createWebhookDispatcher } from '../../src/workers/webhookDelivery/createWebhookDispatcher.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import { TEST_MASTER_KEY } from '../webhooks/webhookHarness.js';

/** What a gateway needs in its environment for {@link layoutWebhookEndpoint}. */
export const WEBHOOK_ENV = {
  CAIRN_MASTER_KEY: TEST_MASTER_KEY,
  CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
} as const;

/**
 * Points the test key's webhooks at `url` (events made from now on get deliveries), and returns what
 * makes one round of attempts, so that the delivery inspector has answered, failed and queued rows to show.
 */
export async function layoutWebhookEndpoint(
  test: TestGateway,
  clock: Clock,
  url: string,
): Promise<{ deliverDue(): Promise<number>; stop(): Promise<void> }> {
  const config = loadConfig({ DATABASE_URL: test.running.databaseUrl, ...WEBHOOK_ENV });
  const em = test.running.gateway.orm.em.fork();
  await setWebhookEndpoint(createWebhookContext(em, clock, config), {
    apiKeyId: test.apiKeyId,
    url,
    events: WEBHOOK_EVENT_NAMES,
  });
  const dispatcher = createWebhookDispatcher({
    databaseUrl: test.running.databaseUrl,
    clock,
    log: pino({ level: 'silent' }),
    cipher: createSecretCipher(decodeMasterKey(TEST_MASTER_KEY)),
    allowPrivateFlag: true,
    concurrency: 4,
    leaseSeconds: 60,
    pollIntervalMs: 50,
  });
  return { deliverDue: () => dispatcher.deliverDue(), stop: () => dispatcher.stop(1000) };
}
