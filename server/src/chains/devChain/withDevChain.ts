import { ANVIL_ACCOUNTS } from '@cairn/anvil-node';
import type { ChainSettings } from '../../platform/config/loadChainSettings.js';
import type { Config } from '../../platform/config/loadConfig.js';
import type { DevChainRecord } from './devChainRecord.js';

/**
 * Required depth on the dev chain unless CAIRN_CHAIN_ETH_LOCAL_CONFIRMATIONS says otherwise: with a
 * block every {@link DEV_CHAIN_BLOCK_SECONDS} s, a payment confirms within seconds.
 */
export const DEV_CHAIN_CONFIRMATIONS = 2;
/** The dev chain mines a block this often (and no sooner: transactions wait for the next block). */
export const DEV_CHAIN_BLOCK_SECONDS = 2;

/** The chain id the local dev chain serves. */
export const DEV_CHAIN_ID = 'ETH_LOCAL';

/**
 * The dev chain's gas wallet: anvil's second default account (a public test key, funded with 10,000
 * test ETH on every anvil; never a key of value).
 */
export const DEV_GAS_WALLET = ANVIL_ACCOUNTS[1];

/** The dev chain's funded test wallet that "Pay with a test wallet" sends from (anvil's third account). */
export const DEV_TEST_WALLET = ANVIL_ACCOUNTS[2];

/**
 * The account that stands in for the merchant when `cairn trigger payment.refunded` sends a refund on the
 * dev chain (anvil's fourth account): the dev business's treasury is an address nobody holds the key of.
 */
export const DEV_REFUND_WALLET = ANVIL_ACCOUNTS[3];

/**
 * The configuration with ETH_LOCAL enabled on the dev chain: its node, its token contracts and its gas
 * wallet, as if the operator had set `CAIRN_CHAIN_ETH_LOCAL_RPC_URL`, `_TOKENS` and `_GAS_WALLET_KEY`.
 */
export function withDevChain(config: Config, record: DevChainRecord): Config {
  const settings: ChainSettings = {
    chainId: DEV_CHAIN_ID,
    enabled: true,
    backend: { kind: 'json-rpc', url: record.rpc_url },
    pollMs: config.chains[DEV_CHAIN_ID]?.pollMs ?? 1000,
    watchedElsewhere: false,
    tokens: { ...record.tokens },
    gasWalletKey: DEV_GAS_WALLET.privateKey,
    confirmations: config.chains[DEV_CHAIN_ID]?.confirmations ?? DEV_CHAIN_CONFIRMATIONS,
  };
  return {
    ...config,
    chains: { ...config.chains, [DEV_CHAIN_ID]: settings },
    enabledChains: config.enabledChains.includes(DEV_CHAIN_ID)
      ? config.enabledChains
      : [...config.enabledChains, DEV_CHAIN_ID],
  };
}

/** Whether the dev chain should stand in: not turned off, and no node configured for ETH_LOCAL. */
export function wantsDevChain(config: Config): boolean {
  return config.CAIRN_DEV_CHAIN !== 'off' && config.chains[DEV_CHAIN_ID]?.backend === undefined;
}
