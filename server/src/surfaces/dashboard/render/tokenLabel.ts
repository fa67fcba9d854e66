import { coinLabel, parseToken } from '@cairn/contract';

/**
 * A `<CHAIN>:<SYMBOL>` pair named for merchants: `ETH · USDC`, and a labelled coin by its label,
 * `POLYGON · USDC.e (bridged)`. Text that is no pair comes back as it is.
 */
export function tokenLabel(token: string): string {
  const ref = parseToken(token);
  return ref ? `${ref.chain_id} · ${coinLabel(ref.chain_id, ref.coin_symbol)}` : token;
}

/** A coin named for merchants: its label (`USDC.e (bridged)`) or its symbol. */
export function coinName(chainId: string | null | undefined, symbol: string): string {
  return chainId ? coinLabel(chainId, symbol) : symbol;
}
