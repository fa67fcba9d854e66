import type { Address } from 'viem';

/** What the settlement needs to know of EVM chains, from the EVM adapter and the configuration. */
export interface EvmChainFacts {
  /** The EIP-155 chain id of a Cairn EVM chain id. */
  evmChainId(chainId: string): number;
  /** The contract of a token on a chain (registry, or the operator's `_TOKENS` on a local chain). */
  tokenContract(chainId: string, symbol: string): Address;
}
