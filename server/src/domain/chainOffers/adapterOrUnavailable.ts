import { ChainUnavailableError } from '@cairn/chain-core';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';

/** The adapter of an enabled chain; a disabled or adapter-less chain is 503 CHAIN_UNAVAILABLE. */
export function adapterOrUnavailable(
  gateway: Gateway,
  chainId: string,
): ReturnType<Gateway['chains']['get']>['adapter'] {
  try {
    return gateway.chains.get(chainId).adapter;
  } catch (error) {
    if (error instanceof ChainUnavailableError)
      throw new ApiError('CHAIN_UNAVAILABLE', error.message, { cause: error });
    throw error;
  }
}
