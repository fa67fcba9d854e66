import { getChain } from '@cairn/contract';
import { EvmAdapterError } from './EvmAdapterError.js';
import { isEvmChainId } from './evmChains.js';
import { parseEvmAddress } from './parseEvmAddress.js';
import type { TokenContracts } from './tokenContractOf.js';

/**
 * Checks runtime token contracts and returns them EIP-55 checksummed. Each entry must name an EVM chain,
 * a token that chain carries, and an address (mixed case with a correct checksum, or one case only); it
 * may fill a contract the registry lacks (a local chain's deployed test token) or repeat the registry's,
 * never replace it: a public token's contract is fixed, and a different one would accept payments in a
 * look-alike token. Throws {@link EvmAdapterError} `INVALID_TOKEN_CONTRACT` naming the entry otherwise.
 *
 * @example
 * normalizeTokenContracts({ ETH_LOCAL: { USDC: '0x5fbdb2315678afecb367f032d93f642f64180aa3' } });
 * // { ETH_LOCAL: { USDC: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } }
 */
export function normalizeTokenContracts(tokenContracts: TokenContracts): TokenContracts {
  const normalized: Record<string, Record<string, string>> = {};
  for (const [chainId, bySymbol] of Object.entries(tokenContracts)) {
    const chain = getChain(chainId);
    if (!chain || !isEvmChainId(chainId)) {
      throw new EvmAdapterError('INVALID_TOKEN_CONTRACT', `tokenContracts: ${chainId} is not an EVM chain`);
    }
    for (const [symbol, contract] of Object.entries(bySymbol ?? {})) {
      if (contract === undefined) continue;
      const coin = chain.coins.find((c) => c.symbol === symbol);
      if (coin?.kind !== 'token') {
        throw new EvmAdapterError(
          'INVALID_TOKEN_CONTRACT',
          `tokenContracts: ${chainId} has no ${symbol} token`,
        );
      }
      const parsed = parseEvmAddress(chainId, contract);
      if (!parsed.ok || parsed.canonicalized) {
        throw new EvmAdapterError(
          'INVALID_TOKEN_CONTRACT',
          `tokenContracts: ${chainId} ${symbol} is not a 0x address with a valid checksum: ${contract}`,
        );
      }
      if (coin.contract !== undefined && coin.contract.toLowerCase() !== parsed.address.toLowerCase()) {
        throw new EvmAdapterError(
          'INVALID_TOKEN_CONTRACT',
          `tokenContracts: ${chainId} ${symbol} is ${coin.contract}; ${contract} cannot replace it`,
        );
      }
      normalized[chainId] = { ...normalized[chainId], [symbol]: parsed.address };
    }
  }
  return normalized;
}
