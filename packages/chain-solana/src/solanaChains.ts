import type { ChainDefinition } from '@cairn/contract';
import { SolanaAdapterError } from './SolanaAdapterError.js';

/** The Solana chain ids Cairn knows (contract/src/chainRegistry.ts). */
export const SOLANA_CHAIN_IDS = ['SOL', 'SOL_DEVNET'] as const;

/** A Solana chain id. */
export type SolanaChainId = (typeof SOLANA_CHAIN_IDS)[number];

/**
 * Circle's USDC mint on Solana devnet: the registry's `SOL_DEVNET` USDC `contract`. Circle lists it
 * under "USDC contract addresses" (https://developers.circle.com/stablecoins/usdc-contract-addresses;
 * Circle's faucet, https://faucet.circle.com, sends it); wallet SDKs use the same mint for devnet
 * USDC, e.g. Privy's `getSolanaUsdcMintAddressForCluster` (@privy-io/js-sdk-core). Not checked
 * against the chain here (no network): `getAccountInfo` of it should show an SPL Token mint with 6
 * decimals.
 */
export const SOLANA_DEVNET_USDC_MINT = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';

/** Circle's USDC mint on Solana mainnet (the registry's `SOL` USDC `contract`). */
export const SOLANA_MAINNET_USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** Whether `chainId` is a Solana chain id. */
export function isSolanaChainId(chainId: string): chainId is SolanaChainId {
  return (SOLANA_CHAIN_IDS as readonly string[]).includes(chainId);
}

/** An SPL token a Solana chain carries: its registry symbol, mint and decimals. */
export interface SolanaToken {
  readonly symbol: string;
  readonly mint: string;
  readonly decimals: number;
}

/**
 * The SPL tokens of a Solana chain: every registry coin of kind `token` with a mint (`contract`).
 * Tokens without a mint (none today) cannot be watched and are left out.
 */
export function solanaTokensOf(chain: ChainDefinition): SolanaToken[] {
  if (chain.family !== 'solana') {
    throw new SolanaAdapterError('UNSUPPORTED_CHAIN', `${chain.id} is not a Solana chain`);
  }
  return chain.coins.flatMap((coin) =>
    coin.kind === 'token' && coin.contract !== undefined
      ? [{ symbol: coin.symbol, mint: coin.contract, decimals: coin.decimals }]
      : [],
  );
}
