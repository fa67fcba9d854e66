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

/** The registry's definition of a TRON chain. */
export function tronChain(id: TronChainId): ChainDefinition {
  return CHAINS[id];
}
