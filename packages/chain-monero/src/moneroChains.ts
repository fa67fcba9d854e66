import { getChain } from '@cairn/contract';
import { MoneroAdapterError } from './MoneroAdapterError.js';

/** The Monero networks that have their own address prefixes. Regtest uses mainnet's. */
export type MoneroNetwork = 'mainnet' | 'testnet' | 'stagenet';

/** A primary (`standard`) address, one with a payment id (`integrated`) or a `subaddress`. */
export type MoneroAddressKind = 'standard' | 'integrated' | 'subaddress';

/** Address prefixes (the varint at the start of the decoded address), from monero's cryptonote_config.h. */
export const MONERO_ADDRESS_PREFIXES: Readonly<
  Record<MoneroNetwork, Readonly<Record<MoneroAddressKind, number>>>
> = {
  mainnet: { standard: 18, integrated: 19, subaddress: 42 },
  testnet: { standard: 53, integrated: 54, subaddress: 63 },
  stagenet: { standard: 24, integrated: 25, subaddress: 36 },
};

/** The first character of each kind of address per network, for messages (computed, see the tests). */
export const MONERO_ADDRESS_LEADS: Readonly<
  Record<MoneroNetwork, Readonly<Record<MoneroAddressKind, string>>>
> = {
  mainnet: { standard: '4', integrated: '4', subaddress: '8' },
  testnet: { standard: '9 or A', integrated: 'A', subaddress: 'B' },
  stagenet: { standard: '5', integrated: '5', subaddress: '7' },
};

/** The Monero chain ids of the registry (contract/src/chainRegistry.ts). */
export const MONERO_CHAIN_IDS = ['XMR', 'XMR_STAGENET', 'XMR_REGTEST'] as const;
export type MoneroChainId = (typeof MONERO_CHAIN_IDS)[number];

/**
 * The address network of each chain: a regtest daemon (`monerod --regtest`) runs on mainnet's
 * prefixes, so its addresses start with 4 and 8 like mainnet's.
 */
export const MONERO_CHAIN_NETWORKS: Readonly<Record<MoneroChainId, MoneroNetwork>> = {
  XMR: 'mainnet',
  XMR_STAGENET: 'stagenet',
  XMR_REGTEST: 'mainnet',
};

export function isMoneroChainId(chainId: string): chainId is MoneroChainId {
  return (MONERO_CHAIN_IDS as readonly string[]).includes(chainId);
}

/**
 * The address network of a Monero chain id. Throws {@link MoneroAdapterError} `UNSUPPORTED_CHAIN`
 * for any other chain.
 *
 * @example
 * moneroNetworkOf('XMR_REGTEST'); // 'mainnet'
 */
export function moneroNetworkOf(chainId: string): MoneroNetwork {
  if (!isMoneroChainId(chainId)) {
    throw new MoneroAdapterError('UNSUPPORTED_CHAIN', `${chainId} is not a Monero chain`);
  }
  return MONERO_CHAIN_NETWORKS[chainId];
}

/** The chain's human name (`Monero Regtest`), for messages. */
export function moneroChainName(chainId: string): string {
  return getChain(chainId)?.name ?? chainId;
}
