import { randomUUID } from 'node:crypto';
import type { ChainAdapterRegistry } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../clock.js';
import { type IWallet, Wallet } from '../db/entities/index.js';

/** Raised when a wallet is rejected; the message is the adapter's, naming what was expected. */
export class WalletRejectedError extends Error {
  override readonly name = 'WalletRejectedError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Validates a merchant wallet through its chain's adapter and stores it (one per chain and mode). */
export async function addWallet(
  em: EntityManager,
  clock: Clock,
  chains: ChainAdapterRegistry,
  input: { businessId: string; chainId: string; value: string },
): Promise<IWallet> {
  const chain = getChain(input.chainId);
  if (!chain) throw new WalletRejectedError('UNKNOWN_CHAIN', `Unknown chain ${input.chainId}.`);
  const { adapter } = chains.get(input.chainId);
  const validation = adapter.validateWallet({ chainId: input.chainId, value: input.value });
  if (!validation.ok) throw new WalletRejectedError(validation.code, validation.message);
  const existing = await em.findOne(Wallet, {
    businessId: input.businessId,
    mode: chain.mode,
    chainId: chain.id,
  });
  if (existing) throw new WalletRejectedError('DUPLICATE', `This business already has a ${chain.id} wallet.`);
  const wallet = em.create(Wallet, {
    id: randomUUID(),
    businessId: input.businessId,
    mode: chain.mode,
    chainId: chain.id,
    value: validation.normalized,
    kind: validation.kind,
    nextIndex: 0,
    createdAt: clock.now(),
  });
  await em.flush();
  return wallet;
}
