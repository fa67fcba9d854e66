/** The accepted_* fields of a payment. */
export interface AcceptedSet {
  readonly acceptedChains: readonly string[];
  readonly acceptedCoins: readonly string[];
  readonly acceptedTokens: readonly string[];
}

/**
 * Whether a chain and coin belongs to the accepted set: it is named in accepted_tokens, or it passes
 * both the accepted_chains and the accepted_coins filters (an empty filter passes) when either is given.
 */
export function isInAcceptedSet(set: AcceptedSet, chainId: string, coinSymbol: string): boolean {
  if (set.acceptedTokens.includes(`${chainId}:${coinSymbol}`)) return true;
  if (set.acceptedChains.length === 0 && set.acceptedCoins.length === 0) return false;
  return (
    (set.acceptedChains.length === 0 || set.acceptedChains.includes(chainId)) &&
    (set.acceptedCoins.length === 0 || set.acceptedCoins.includes(coinSymbol))
  );
}
