import { getChain, getCoin, isOptInCoin } from './chainRegistry.js';

/** `<CHAIN>:<SYMBOL>` as used by `accepted_tokens` and select-chain, e.g. `ETH_SEPOLIA:USDC`. */
export const TOKEN_PATTERN = /^([A-Z][A-Z0-9_]{1,31}):([A-Z0-9]{2,12})$/;

/** A parsed `<CHAIN>:<SYMBOL>` token. */
export interface TokenRef {
  readonly chain_id: string;
  readonly coin_symbol: string;
}

/** Splits `<CHAIN>:<SYMBOL>`; returns `undefined` when the text does not have that shape. */
export function parseToken(text: string): TokenRef | undefined {
  const match = TOKEN_PATTERN.exec(text);
  if (!match) return undefined;
  return { chain_id: match[1]!, coin_symbol: match[2]! };
}

/** Formats a chain and coin as `<CHAIN>:<SYMBOL>`. */
export function formatToken(ref: TokenRef): string {
  return `${ref.chain_id}:${ref.coin_symbol}`;
}

/**
 * Why `<CHAIN>:<SYMBOL>` names no coin the registry knows (not the notation, an unknown chain, or a
 * coin that chain does not carry), or `undefined` when it names one.
 */
export function unknownTokenReason(text: string): string | undefined {
  const ref = parseToken(text);
  if (!ref) return 'must have the form <CHAIN>:<SYMBOL>, e.g. "ETH_SEPOLIA:USDC"';
  const chain = getChain(ref.chain_id);
  if (!chain) return `unknown chain id ${JSON.stringify(ref.chain_id)}`;
  if (!getCoin(ref.chain_id, ref.coin_symbol)) {
    return `${ref.chain_id} does not carry ${ref.coin_symbol} (it carries ${chain.coins.map((c) => c.symbol).join(', ')})`;
  }
  return undefined;
}

/** Whether `<CHAIN>:<SYMBOL>` names an opt-in coin (bridged USDC.e): never in a key's default allowlist. */
export function isOptInToken(text: string): boolean {
  const ref = parseToken(text);
  return ref !== undefined && isOptInCoin(ref.chain_id, ref.coin_symbol);
}
