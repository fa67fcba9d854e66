import type { ChainFacts } from '@cairn/chain-core';
import type { ChainDefinition } from '@cairn/contract';

/** One registry token as the start-up checks judged it. */
export interface TokenCheck {
  readonly symbol: string;
  readonly contract: string;
  /** `ok`; `symbol differs` (logged, still offered); `disabled` (not offered). */
  readonly state: 'ok' | 'symbol differs' | 'disabled';
  /** Why, in the operator's words (`decimals() answered 18, the registry says 6`). */
  readonly detail?: string;
}

/** What the start-up checks found for one chain. */
export interface ChainCheck {
  readonly chainId: string;
  /**
   * `ok`; `wrong network` (the chain is disabled: not offered, not watched); `unchecked` (the node
   * could not be asked: not offered until a later check passes).
   */
  readonly state: 'ok' | 'wrong network' | 'unchecked';
  readonly detail?: string;
  readonly tokens: readonly TokenCheck[];
}

/**
 * Compares what the node said with the registry (pure): another network disables the chain; a token
 * without code at its address, or whose `decimals()` fails or differs, is disabled; a token whose
 * `symbol()` differs only (Polygon's USDT answering `USDT0` after its upgrade in place) is kept.
 */
export function judgeChainFacts(chain: ChainDefinition, facts: ChainFacts): ChainCheck {
  if (facts.network !== facts.expectedNetwork) {
    return {
      chainId: chain.id,
      state: 'wrong network',
      detail: `the node serves ${facts.networkLabel} ${facts.network}; ${chain.id} is ${facts.networkLabel} ${facts.expectedNetwork}`,
      tokens: [],
    };
  }
  const tokens = facts.tokens.map((token): TokenCheck => {
    const expected = chain.coins.find((c) => c.symbol === token.symbol);
    const base = { symbol: token.symbol, contract: token.contract };
    if (!token.hasCode)
      return { ...base, state: 'disabled', detail: `no contract code at ${token.contract}` };
    if (token.decimals === undefined)
      return { ...base, state: 'disabled', detail: `decimals() failed at ${token.contract}` };
    if (token.decimals !== expected?.decimals)
      return {
        ...base,
        state: 'disabled',
        detail: `decimals() answered ${token.decimals} at ${token.contract}; the registry says ${expected?.decimals}`,
      };
    if (token.onChainSymbol !== token.symbol)
      return {
        ...base,
        state: 'symbol differs',
        detail: `symbol() answered ${token.onChainSymbol === undefined ? 'nothing readable' : JSON.stringify(token.onChainSymbol)} at ${token.contract}`,
      };
    return { ...base, state: 'ok' };
  });
  return { chainId: chain.id, state: 'ok', tokens };
}
