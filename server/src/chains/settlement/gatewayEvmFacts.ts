import { EVM_CHAINS, isEvmChainId } from '@cairn/chain-evm';
import { getChain } from '@cairn/contract';
import type { Address } from 'viem';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import type { EvmChainFacts } from './evmChainFacts.js';

/** The EVM facts of a running gateway: EIP-155 ids from the adapter, tokens from registry and settings. */
export function gatewayEvmFacts(gateway: Pick<Gateway, 'config'>): EvmChainFacts {
  return {
    evmChainId(chainId) {
      if (!isEvmChainId(chainId)) throw new Error(`${chainId} is not an EVM chain`);
      return EVM_CHAINS[chainId].chainId;
    },
    tokenContract(chainId, symbol) {
      const coin = getChain(chainId)?.coins.find((c) => c.symbol === symbol);
      const contract = coin?.contract ?? gateway.config.chains[chainId]?.tokens?.[symbol];
      if (!contract) throw new Error(`${chainId} has no contract for ${symbol}`);
      return contract as Address;
    },
  };
}
