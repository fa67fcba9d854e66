import type { SecretSealer } from '../../domain/accounts/AccountsContext.js';
import { createSecretCipher } from '../../domain/webhooks/createSecretCipher.js';
import { loadMasterKey } from '../../domain/webhooks/loadMasterKey.js';
import type { Config } from '../../platform/config/loadConfig.js';

/**
 * Seals authenticator-app secrets with the master key (the one that seals webhook secrets), under a
 * label of their own so that neither kind of secret ever opens as the other.
 */
export function createTotpSecretCipher(
  config: Pick<Config, 'CAIRN_MASTER_KEY' | 'CAIRN_DATA_DIR'>,
): SecretSealer {
  return createSecretCipher(loadMasterKey(config, () => {}).key, 'cairn-totp-secret');
}
