import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/runtime/clock.js';
import type { SecretCipher } from './createSecretCipher.js';
import type { Resolver } from './resolveDestination.js';

/** What the endpoint operations (CLI today, dashboard later) need. */
export interface WebhookContext {
  readonly em: EntityManager;
  readonly clock: Clock;
  readonly cipher: SecretCipher;
  /** Whether the master key comes from CAIRN_MASTER_KEY (live endpoints need it). */
  readonly masterKeyConfigured: boolean;
  /** CAIRN_ALLOW_PRIVATE_WEBHOOKS (test mode only). */
  readonly allowPrivateFlag: boolean;
  readonly resolver: Resolver;
}
