import { randomUUID } from 'node:crypto';
import type { ChainAdapterRegistry } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type IWallet, Wallet } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';

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

/** A stored wallet and what validation made of the input (shown to the merchant). */
export interface AddedWallet {
  readonly wallet: IWallet;
  /** The adapter's outcome, e.g. `EIP-55 applied`, `Canonicalized`. */
  readonly outcome: string;
}

/**
 * Validates a merchant wallet through its chain's adapter and stores it (one per chain and mode; one
 * business per wallet on the gateway, and a wallet added again continues its derivation indexes). A
 * wallet whose family needs a one-time on-chain setup (EVM: the forwarder factory) is stored
 * `pending`: its chain is offered to payments once the chain's settler has made it `active`. A
 * live-mode wallet is stored pending its owner's confirmation (`confirmedAt` and `usableFrom` null:
 * see `confirmWallet`) unless `confirmed` says it is the operator's own (seeds, tests writing straight
 * in; the dashboard never says so); a test-mode wallet is usable at once.
 */
export async function addWallet(
  em: EntityManager,
  clock: Clock,
  chains: ChainAdapterRegistry,
  input: { businessId: string; chainId: string; value: string; confirmed?: boolean },
): Promise<AddedWallet> {
  const chain = getChain(input.chainId);
  if (!chain) throw new WalletRejectedError('UNKNOWN_CHAIN', `Unknown chain ${input.chainId}.`);
  const { adapter } = chains.get(input.chainId);
  const validation = adapter.validateWallet({ chainId: input.chainId, value: input.value });
  if (!validation.ok) throw new WalletRejectedError(validation.code, validation.message);
  const existing = await em.findOne(Wallet, {
    businessId: input.businessId,
    mode: chain.mode,
    chainId: chain.id,
    removedAt: null,
  });
  if (existing)
    throw new WalletRejectedError(
      'DUPLICATE',
      `Duplicate: this business already has a ${chain.id} wallet in ${chain.mode} mode.`,
    );
  // Deposit targets come from the wallet and a per-wallet index (an address, a tag, a memo): the same
  // wallet added again (after a removal, or by another business) must not start the indexes over, or a
  // late payment to an old target would be credited to a new payment.
  const earlier = await em
    .getConnection()
    .execute<{ business_id: string; removed_at: Date | null; next_index: number }[]>(
      'select business_id, removed_at, next_index from wallets where chain_id = ? and value = ? for update',
      [chain.id, validation.normalized],
      'all',
      em.getTransactionContext(),
    );
  if (earlier.some((w) => w.removed_at === null))
    throw new WalletRejectedError(
      'WALLET_IN_USE',
      `This ${chain.id} wallet is already in use on this gateway by another business: payments to it could not be told apart. Use another wallet or account.`,
    );
  const nextIndex = earlier.reduce((max, w) => Math.max(max, Number(w.next_index)), 0);
  const onboarding = adapter.onboardingAddress?.({ chain, wallet: validation.normalized });
  const now = clock.now();
  const confirmedAt = chain.mode === 'test' || input.confirmed === true ? now : null;
  const wallet = em.create(Wallet, {
    id: randomUUID(),
    businessId: input.businessId,
    mode: chain.mode,
    chainId: chain.id,
    value: validation.normalized,
    kind: validation.kind,
    nextIndex,
    createdAt: now,
    removedAt: null,
    confirmedAt,
    usableFrom: confirmedAt,
    onboardingStatus: onboarding === undefined ? null : 'pending',
    onboardingAddress: onboarding ?? null,
    onboardingTx: null,
    onboardingProbeTx: null,
    onboardingError: null,
    onboardingUpdatedAt: onboarding === undefined ? null : now,
  });
  await em.flush();
  return { wallet, outcome: validation.outcome };
}
