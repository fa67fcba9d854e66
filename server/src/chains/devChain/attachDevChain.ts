import type { Config } from '../../platform/config/loadConfig.js';
import { readDevChainRecord } from './devChainRecord.js';
import { wantsDevChain, withDevChain } from './withDevChain.js';

/**
 * For operator commands run beside `cairn start`: the configuration with the running dev chain's
 * ETH_LOCAL (from the record `start` wrote), when the dev chain is wanted and its anvil answers.
 * Otherwise the configuration as it is.
 */
export async function attachDevChain(config: Config): Promise<Config> {
  if (!wantsDevChain(config)) return config;
  const record = readDevChainRecord(config.dataDir);
  if (!record) return config;
  try {
    const response = await fetch(record.rpc_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(2_000),
    });
    const body = (await response.json()) as { result?: string };
    if (body.result === undefined || Number.parseInt(body.result, 16) !== record.chain_id) return config;
  } catch {
    return config;
  }
  return withDevChain(config, record);
}
