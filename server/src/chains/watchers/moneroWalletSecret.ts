import { createHmac } from 'node:crypto';
import { loadMasterKey } from '../../domain/webhooks/loadMasterKey.js';
import type { Config } from '../../platform/config/loadConfig.js';

/**
 * The secret the Monero view-only wallets' passwords are derived from (docs/operating/monero.md):
 * derived from the operator master key (CAIRN_MASTER_KEY, or the development key of test mode) for
 * this use only, so the master key itself never reaches the wallet RPC.
 */
export function moneroWalletSecret(config: Pick<Config, 'CAIRN_MASTER_KEY' | 'CAIRN_DATA_DIR'>): Uint8Array {
  // The webhook worker warns about a development key; no second warning here.
  const master = loadMasterKey(config, () => {}).key;
  return createHmac('sha256', master).update('cairn monero view-only wallets').digest();
}
