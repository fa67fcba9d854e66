import { getChain } from '@cairn/contract';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Business, type IWallet, Wallet } from '../../platform/db/entities/index.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { publicWalletValue } from './publicWalletValue.js';
import {
  findWalletConfirmation,
  spendWalletConfirmations,
  usableConfirmation,
  WalletConfirmationError,
} from './walletConfirmationTokens.js';

/** The wallet a confirmation link is for, as its page shows it before the owner confirms. */
export interface WalletToConfirm {
  readonly walletId: string;
  readonly businessId: string;
  readonly businessName: string;
  readonly chainId: string;
  /** The chain's name, e.g. `Bitcoin`. */
  readonly chainName: string;
  /** The wallet in full, as it may be shown (never a Monero view key). */
  readonly wallet: string;
  /** The address the link was mailed to. */
  readonly email: string;
}

/** What a confirmation came to: the wallet's chain and from when payments use it. */
export interface ConfirmedWallet {
  readonly businessId: string;
  readonly chainId: string;
  readonly usableFrom: Date;
}

/**
 * The link's wallet, checked: the link was issued, is for the signed-in login `userId` (the one it was
 * mailed to, still the business's owner), unused and unexpired, and its wallet is still in use and
 * not confirmed yet. With `lock`, the link's row and the wallet's are locked in `em`'s transaction.
 */
async function checkedLink(
  gateway: Gateway,
  em: EntityManager,
  token: string,
  userId: string,
  lock: boolean,
): Promise<{ wallet: IWallet; business: { id: string; name: string }; email: string }> {
  const found = await findWalletConfirmation(em, token, lock);
  if (!found) throw new WalletConfirmationError('LINK_INVALID', 'This link is not valid.');
  const wallet = await em.findOneOrFail(
    Wallet,
    { id: found.walletId },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );
  const business = await em.findOneOrFail(Business, { id: wallet.businessId });
  // Before anything about the link or its wallet is said: only its owner may see or use it.
  if (found.userId !== userId || business.userId !== userId)
    throw new WalletConfirmationError(
      'OTHER_ACCOUNT',
      'This link was mailed to another account. Sign in as the account it was mailed to, then open it again.',
    );
  const row = usableConfirmation(found, gateway.clock.now());
  if (wallet.removedAt)
    throw new WalletConfirmationError(
      'WALLET_REMOVED',
      'This wallet was removed: there is nothing to confirm.',
    );
  if (wallet.confirmedAt)
    throw new WalletConfirmationError('ALREADY_CONFIRMED', 'This wallet is already confirmed.');
  return { wallet, business: { id: business.id, name: business.name }, email: row.email };
}

/**
 * What the confirmation page shows for a link before anything changes (a GET, which mail scanners
 * may make, spends nothing).
 *
 * @throws {WalletConfirmationError} when the link cannot confirm anything for this login.
 */
export async function readWalletToConfirm(
  gateway: Gateway,
  input: { readonly token: string; readonly userId: string },
): Promise<WalletToConfirm> {
  const em = gateway.orm.em.fork();
  const { wallet, business, email } = await checkedLink(gateway, em, input.token, input.userId, false);
  return {
    walletId: wallet.id,
    businessId: business.id,
    businessName: business.name,
    chainId: wallet.chainId,
    chainName: getChain(wallet.chainId)?.name ?? wallet.chainId,
    wallet: publicWalletValue(wallet.chainId, wallet.value),
    email,
  };
}

/**
 * The owner confirms a live-mode wallet with its mailed link, signed in as the login it was mailed
 * to: the wallet becomes usable from now plus `CAIRN_LIVE_WALLET_DELAY_HOURS`, every open link of it
 * is spent, and the confirmation is audited, in one transaction.
 *
 * @throws {WalletConfirmationError} when the link cannot confirm anything for this login (nothing changes).
 */
export async function confirmWallet(
  gateway: Gateway,
  actor: AuditActor & { readonly userId: string },
  token: string,
): Promise<ConfirmedWallet> {
  return gateway.orm.em.fork().transactional(async (em) => {
    const { wallet } = await checkedLink(gateway, em, token, actor.userId, true);
    const now = gateway.clock.now();
    const usableFrom = new Date(now.getTime() + gateway.config.CAIRN_LIVE_WALLET_DELAY_HOURS * 3_600_000);
    wallet.confirmedAt = now;
    wallet.usableFrom = usableFrom;
    await spendWalletConfirmations(em, gateway.clock, wallet.id);
    await recordAudit(em, gateway.clock, actor, {
      businessId: wallet.businessId,
      action: 'wallet.confirmed',
      target: `${wallet.chainId} ${publicWalletValue(wallet.chainId, wallet.value)}`,
      details: { mode: wallet.mode, usable_from: usableFrom.toISOString() },
    });
    await em.flush();
    return { businessId: wallet.businessId, chainId: wallet.chainId, usableFrom };
  });
}
