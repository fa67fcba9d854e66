import { EVM_CHAINS, isEvmChainId } from '@cairn/chain-evm';
import { getChain } from '@cairn/contract';
import { type Address, createPublicClient, erc20Abi, http, type PublicClient } from 'viem';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import { gatewayEvmFacts } from './gatewayEvmFacts.js';

/** Tokens that implement EIP-3009 `transferWithAuthorization` (USDC v2 and Cairn's test USDC). */
export const EIP3009_TOKENS: ReadonlySet<string> = new Set(['USDC']);

/** What gasless settlement needs of a payment's chain. */
export interface GaslessChain {
  readonly evmChainId: number;
  readonly token: Address;
  readonly reader: PublicClient;
}

/**
 * The chain and token a gasless settlement of this pick would use; refuses (422/503, as the checkout
 * shows them) a coin without EIP-3009, a chain that is not EVM or has no gas wallet to relay.
 */
export function gaslessChain(
  gateway: Gateway,
  chainId: string | null | undefined,
  coinSymbol: string | null | undefined,
): GaslessChain {
  const chain = chainId ? getChain(chainId) : undefined;
  if (!chain || !coinSymbol || !isEvmChainId(chain.id) || !EIP3009_TOKENS.has(coinSymbol))
    throw new ApiError(
      'VALIDATION_ERROR',
      'Signing instead of sending is offered for USDC on EVM chains only.',
    );
  const settings = gateway.config.chains[chain.id];
  if (!settings?.backend || !settings.gasWalletKey)
    throw new ApiError(
      'CHAIN_UNAVAILABLE',
      `${chain.name} cannot relay a signed payment right now: send the payment from your wallet instead.`,
    );
  return {
    evmChainId: EVM_CHAINS[chain.id].chainId,
    token: gatewayEvmFacts(gateway).tokenContract(chain.id, coinSymbol),
    reader: createPublicClient({
      transport: http(settings.backend.url, {
        retryCount: 0,
        timeout: 10_000,
        ...(settings.backend.headers ? { fetchOptions: { headers: { ...settings.backend.headers } } } : {}),
      }),
      cacheTime: 0,
    }),
  };
}

/** The token's `name()` (the EIP-712 domain name its signatures are checked against). */
export function tokenName(reader: PublicClient, token: Address): Promise<string> {
  return reader.readContract({ address: token, abi: erc20Abi, functionName: 'name' });
}
