import { getChain, type Mode } from '@cairn/contract';
import { Wallet } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';

/**
 * The `<CHAIN>:<SYMBOL>` pairs a business's wallets in one mode cover (by chain id, then the chain's
 * coins in order): what a new key of that mode may take.
 */
export async function listCoveredTokens(
  gateway: Gateway,
  scope: { readonly businessId: string; readonly mode: Mode },
): Promise<string[]> {
  const wallets = await gateway.orm.em
    .fork()
    .find(
      Wallet,
      { businessId: scope.businessId, mode: scope.mode, removedAt: null },
      { orderBy: { chainId: 'asc' }, fields: ['chainId'] },
    );
  return wallets.flatMap((w) => (getChain(w.chainId)?.coins ?? []).map((c) => `${w.chainId}:${c.symbol}`));
}
