import { getCoin } from './chainRegistry.js';

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

/** Whether `<CHAIN>:<SYMBOL>` names a coin that the registry knows on that chain. */
export function isKnownToken(text: string): boolean {
  const ref = parseToken(text);
  return ref !== undefined && getCoin(ref.chain_id, ref.coin_symbol) !== undefined;
}
