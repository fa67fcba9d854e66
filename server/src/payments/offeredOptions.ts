import { type ChainDefinition, type CoinDefinition, getChain, getCoin, parseToken } from '@cairn/contract';
import type { AuthContext } from '../auth/authenticate.js';
import type { Gateway } from '../gateway.js';

/** A chain and coin a payment may offer. */
export interface Candidate {
  readonly chain: ChainDefinition;
  readonly coin: CoinDefinition;
}

/**
 * Every chain and coin the calling key accepts that a wallet of its business covers in its mode and
 * whose chain is usable now. A chain that is disabled or has no adapter is left out with a log line,
 * never an error.
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
    if (!gateway.chains.isUsable(chain.id)) {
      gateway.log.warn({ chainId: chain.id }, 'chain unavailable; option left out of the payment');
      continue;
    }
    candidates.push({ chain, coin });
  }
  return candidates;
}
