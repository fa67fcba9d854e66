import { type ChainDefinition, type CoinDefinition, getChain, getCoin, parseToken } from '@cairn/contract';
import type { AuthContext } from '../apiKeys/AuthContext.js';
import type { Gateway } from '../gateway/Gateway.js';

/** A chain and coin a payment may offer. */
export interface Candidate {
  readonly chain: ChainDefinition;
  readonly coin: CoinDefinition;
}

/**
 * Every chain and coin the calling key accepts that a wallet of its business covers in its mode and
 * whose chain is offered now: enabled, with an adapter, and watched (`gateway.chainAvailability`,
 * which logs when a chain stops or starts being offered), and, for tokens, whose contract is known and
 * passed the start-up checks.
 * Others are left out, never an error.
 */
export function offeredOptions(
  gateway: Gateway,
  auth: AuthContext,
  walletChains: ReadonlySet<string>,
): Candidate[] {
  const candidates: Candidate[] = [];
  for (const token of auth.apiKey.allowedTokens) {
    const ref = parseToken(token);
    const chain = ref && getChain(ref.chain_id);
    const coin = ref && getCoin(ref.chain_id, ref.coin_symbol);
    if (!chain || !coin || chain.mode !== auth.mode || !walletChains.has(chain.id)) continue;
    // A token on a local dev chain is payable only once the operator named its deployed contract.
    if (coin.kind === 'token' && !coin.contract && !gateway.config.chains[chain.id]?.tokens?.[coin.symbol])
      continue;
    if (!gateway.chainAvailability.coinOfferOf(chain.id, coin.symbol).offered) continue;
    candidates.push({ chain, coin });
  }
  return candidates;
}
