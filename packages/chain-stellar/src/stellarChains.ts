import { Networks } from '@stellar/stellar-sdk';
import { StellarAdapterError } from './StellarAdapterError.js';

/** The Stellar chain ids of the chain registry. */
export const STELLAR_CHAIN_IDS = ['XLM', 'XLM_TESTNET'] as const;

/** A Stellar chain id: `XLM` (the public network) or `XLM_TESTNET` (SDF's test network). */
export type StellarChainId = (typeof STELLAR_CHAIN_IDS)[number];

/** The Stellar network a chain id runs on. */
export type StellarNetwork = 'public' | 'testnet';

/** Each chain id's network. */
export const STELLAR_CHAIN_NETWORKS: Readonly<Record<StellarChainId, StellarNetwork>> = {
  XLM: 'public',
  XLM_TESTNET: 'testnet',
};

/**
 * Each network's passphrase (the SDK's `Networks`): it is part of every transaction hash, and SEP-7
 * wants it (`network_passphrase`) for every network but the public one.
 */
export const STELLAR_NETWORK_PASSPHRASES: Readonly<Record<StellarNetwork, string>> = {
  public: Networks.PUBLIC,
  testnet: Networks.TESTNET,
};

/** Whether `chainId` is a Stellar chain id. */
export function isStellarChainId(chainId: string): chainId is StellarChainId {
  return (STELLAR_CHAIN_IDS as readonly string[]).includes(chainId);
}

/** The network of a Stellar chain id; throws `UNSUPPORTED_CHAIN` for any other id. */
export function stellarNetworkOf(chainId: string): StellarNetwork {
  if (!isStellarChainId(chainId)) {
    throw new StellarAdapterError(
      'UNSUPPORTED_CHAIN',
      `${chainId} is not a Stellar chain (expected ${STELLAR_CHAIN_IDS.join(' or ')})`,
    );
  }
  return STELLAR_CHAIN_NETWORKS[chainId];
}
