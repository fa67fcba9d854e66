/** A chain id of the registry served by the EVM adapter. */
export type EvmChainId =
  | 'ETH'
  | 'ETH_SEPOLIA'
  | 'ETH_LOCAL'
  | 'BASE'
  | 'BASE_SEPOLIA'
  | 'POLYGON'
  | 'POLYGON_AMOY'
  | 'BSC'
  | 'BSC_TESTNET';

/** What the EVM adapter knows about one chain beyond the registry. */
export interface EvmChainParams {
  readonly id: EvmChainId;
  /** The EIP-155 chain id: what transactions are signed for and what EIP-681 URIs carry after `@`. */
  readonly chainId: number;
  /** The network as people name it, for warnings (e.g. `Base mainnet`, `Polygon Amoy testnet`). */
  readonly networkName: string;
  /**
   * EIP-3770 short names (ethereum-lists/chains `shortName`, plus Polygon's former `matic`) that wallets
   * such as Safe put before an address (`base:0x…`); empty for the local chain, which has none.
   */
  readonly shortNames: readonly string[];
}

/**
 * Every EVM chain of the registry with its EIP-155 chain id. ETH_LOCAL is anvil's default chain id
 * 31337 (the Hardhat/Foundry convention); the dev chain is started with it.
 */
export const EVM_CHAINS: Readonly<Record<EvmChainId, EvmChainParams>> = {
  ETH: { id: 'ETH', chainId: 1, networkName: 'Ethereum mainnet', shortNames: ['eth'] },
  ETH_SEPOLIA: {
    id: 'ETH_SEPOLIA',
    chainId: 11_155_111,
    networkName: 'Ethereum Sepolia testnet',
    shortNames: ['sep'],
  },
  ETH_LOCAL: { id: 'ETH_LOCAL', chainId: 31_337, networkName: 'the local anvil chain', shortNames: [] },
  BASE: { id: 'BASE', chainId: 8453, networkName: 'Base mainnet', shortNames: ['base'] },
  BASE_SEPOLIA: {
    id: 'BASE_SEPOLIA',
    chainId: 84_532,
    networkName: 'Base Sepolia testnet',
    shortNames: ['basesep'],
  },
  POLYGON: { id: 'POLYGON', chainId: 137, networkName: 'Polygon PoS mainnet', shortNames: ['pol', 'matic'] },
  POLYGON_AMOY: {
    id: 'POLYGON_AMOY',
    chainId: 80_002,
    networkName: 'Polygon Amoy testnet',
    shortNames: ['polygonamoy'],
  },
  BSC: { id: 'BSC', chainId: 56, networkName: 'BNB Smart Chain mainnet', shortNames: ['bnb'] },
  BSC_TESTNET: {
    id: 'BSC_TESTNET',
    chainId: 97,
    networkName: 'BNB Smart Chain testnet',
    shortNames: ['bnbt'],
  },
};

/** Every EVM chain id, in registry order. */
export const EVM_CHAIN_IDS = Object.keys(EVM_CHAINS) as EvmChainId[];

/** Whether `id` is a chain id the EVM adapter serves. */
export function isEvmChainId(id: string): id is EvmChainId {
  return Object.hasOwn(EVM_CHAINS, id);
}
