import { type ChainAdapter, type ChainAdapterRegistry, ChainUnavailableError } from '@cairn/chain-core';
import { ApiError } from '../../platform/runtime/ApiError.js';

/** The adapter of an enabled chain; a disabled or adapter-less chain is 503 CHAIN_UNAVAILABLE. */
export function adapterOrUnavailable(chains: ChainAdapterRegistry, chainId: string): ChainAdapter {
  try {
    return chains.get(chainId).adapter;
  } catch (error) {
    if (error instanceof ChainUnavailableError)
      throw new ApiError('CHAIN_UNAVAILABLE', error.message, { cause: error });
    throw error;
  }
}
