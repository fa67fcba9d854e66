import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../platform/config/loadConfig.js';
import type { Clock } from '../../platform/runtime/clock.js';
import { createSecretCipher } from './createSecretCipher.js';
import { loadMasterKey } from './loadMasterKey.js';
import { type Resolver, systemResolver } from './resolveDestination.js';
import type { WebhookContext } from './webhookContext.js';

/** The endpoint operations' context from the configuration (master key, private-address flag). */
export function createWebhookContext(
  em: EntityManager,
  clock: Clock,
  config: Config,
  options: { warn?: (message: string) => void; resolver?: Resolver } = {},
): WebhookContext {
  const masterKey = loadMasterKey(config, options.warn ?? (() => {}));
  return {
    em,
    clock,
    cipher: createSecretCipher(masterKey.key),
    masterKeyConfigured: masterKey.configured,
    allowPrivateFlag: config.CAIRN_ALLOW_PRIVATE_WEBHOOKS,
    resolver: options.resolver ?? systemResolver,
  };
}
