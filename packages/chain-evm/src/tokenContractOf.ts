import { getChain } from '@cairn/contract';
import { type Address, getAddress } from 'viem';
import { EvmAdapterError } from './EvmAdapterError.js';
import { EVM_CHAINS, isEvmChainId } from './evmChains.js';

/**
 * Token contracts known only at run time, by chain id then symbol, e.g. the test USDC deployed on the
 * local anvil chain: `{ ETH_LOCAL: { USDC: '0x…' } }`.
 */
export type TokenContracts = Readonly<Partial<Record<string, Readonly<Partial<Record<string, string>>>>>>;

/**
 * The contract of token `symbol` on EVM chain `chainId`, EIP-55 checksummed: the registry's for public
 * networks, else the one given at run time in `tokenContracts` (local chains, whose tokens are deployed
 * when the chain starts). Throws {@link EvmAdapterError}: `UNSUPPORTED_CHAIN` for a chain that is not
 * EVM, `UNKNOWN_TOKEN` when the chain carries no such token (or it is the native coin), and
 * `TOKEN_CONTRACT_UNKNOWN` when the token's contract is not known yet.
 *
 * @example
 * tokenContractOf('BASE', 'USDC'); // '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
 * tokenContractOf('ETH_LOCAL', 'USDC', { ETH_LOCAL: { USDC: deployedUsdc } }); // deployedUsdc, checksummed
 */
export function tokenContractOf(chainId: string, symbol: string, tokenContracts?: TokenContracts): Address {
  const chain = getChain(chainId);
  if (!chain || !isEvmChainId(chainId)) {
    throw new EvmAdapterError('UNSUPPORTED_CHAIN', `${chainId} is not an EVM chain`);
  }
  const coin = chain.coins.find((c) => c.symbol === symbol);
  if (coin?.kind !== 'token') {
    throw new EvmAdapterError(
      'UNKNOWN_TOKEN',
      `${symbol} is not a token of ${chainId} (tokens: ${
        chain.coins
          .filter((c) => c.kind === 'token')
          .map((c) => c.symbol)
          .join(', ') || 'none'
      })`,
    );
  }
  const contract = coin.contract ?? tokenContracts?.[chainId]?.[symbol];
  if (contract === undefined) {
    throw new EvmAdapterError(
      'TOKEN_CONTRACT_UNKNOWN',
      `${symbol} has no contract on ${chainId} (${EVM_CHAINS[chainId].networkName}) until it is deployed: ` +
        `pass its address in createEvmAdapter({ tokenContracts: { ${chainId}: { ${symbol}: '0x…' } } })`,
    );
  }
  return getAddress(contract);
}
