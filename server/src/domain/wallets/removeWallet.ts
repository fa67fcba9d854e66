import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type IWallet, Wallet } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';
import { OPEN_STATUSES } from '../lifecycle/reconcileOpenPayment.js';
import { WalletRejectedError } from './addWallet.js';

/**
 * Removes a wallet: new payments no longer use it (its chain leaves the business's options in that
 * mode until another wallet is added) and a new one may be added for the chain. Refused while open
 * payments use it, since their customers are paying to its addresses. The row stays: closed payments
 * keep their deposit addresses, and late funds to them are still seen and swept.
 *
 * Run it in a transaction (the wallet row is locked).
 *
 * @throws {WalletRejectedError} NOT_FOUND, or IN_USE with the number of open payments.
 */
export async function removeWallet(
  em: EntityManager,
  clock: Clock,
  input: { businessId: string; walletId: string },
): Promise<IWallet> {
  // Locked: a checkout assigning an address from it (which updates its next index) waits, then sees it gone.
  const wallet = await em.findOne(
    Wallet,
    { id: input.walletId, businessId: input.businessId, removedAt: null },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!wallet) throw new WalletRejectedError('NOT_FOUND', 'No such wallet.');
  const [row] = await em
    .getConnection()
    .execute<{ open: string }[]>(
      'select count(*) as open from payments where wallet_id = ? and status in (?)',
      [wallet.id, [...OPEN_STATUSES]],
      'all',
      em.getTransactionContext(),
    );
  const open = Number(row?.open ?? 0);
  if (open > 0) {
    throw new WalletRejectedError(
      'IN_USE',
      `This wallet cannot be removed yet: ${open} open payment${open === 1 ? ' is' : 's are'} waiting for funds to its addresses. Remove it when ${open === 1 ? 'that payment has' : 'they have'} completed, expired or been cancelled.`,
    );
  }
  wallet.removedAt = clock.now();
  await em.flush();
  return wallet;
}
