import { CHAINS, type ChainDefinition } from '@cairn/contract';

/** The TRON chains of the registry. */
export const TRON_CHAIN_IDS = ['TRON', 'TRON_NILE'] as const;

/** A TRON chain id. */
export type TronChainId = (typeof TRON_CHAIN_IDS)[number];

/** Whether `id` is a TRON chain of the registry. */
export function isTronChainId(id: string): id is TronChainId {
  return (TRON_CHAIN_IDS as readonly string[]).includes(id);
}

/** The human network name used in messages (`TRON mainnet`, `TRON Nile testnet`). */
export function tronNetworkName(id: TronChainId): string {
  return id === 'TRON' ? 'TRON mainnet' : 'TRON Nile testnet';
}

/**
 * The genesis block id (`/wallet/getblockbynum {num: 0}` `blockID`) of each network: TRON has no chain
 * id a node reports, so the start-up checks tell networks apart by their first block.
 */
export const TRON_GENESIS_BLOCK_IDS: Readonly<Record<TronChainId, string>> = {
  TRON: '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc',
  TRON_NILE: '0000000000000000d698d4192c56cb6be724a558448e2684802de4d6cd8690dc',
};

/** The registry's definition of a TRON chain. */
export function tronChain(id: TronChainId): ChainDefinition {
  return CHAINS[id];
}
