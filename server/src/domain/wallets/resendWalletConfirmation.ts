import { LockMode } from '@mikro-orm/core';
import { Wallet } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { WalletRejectedError } from './addWallet.js';
import { mailWalletConfirmation } from './mailWalletConfirmation.js';

/**
 * Mails a new confirmation link for a business's live-mode wallet that is still pending its owner's
 * confirmation (earlier links keep working until one is used or they expire). Returns the address.
 *
 * @throws {WalletRejectedError} NOT_FOUND (no such wallet in use), or ALREADY_CONFIRMED.
 */
export async function resendWalletConfirmation(
  gateway: Gateway,
  input: { readonly businessId: string; readonly walletId: string },
): Promise<string> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.walletId))
    throw new WalletRejectedError('NOT_FOUND', 'No such wallet.');
  return gateway.orm.em.fork().transactional(async (em) => {
    const wallet = await em.findOne(
      Wallet,
      { id: input.walletId, businessId: input.businessId, removedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!wallet) throw new WalletRejectedError('NOT_FOUND', 'No such wallet.');
    if (wallet.confirmedAt)
      throw new WalletRejectedError('ALREADY_CONFIRMED', 'This wallet is already confirmed.');
    return mailWalletConfirmation(gateway, em, wallet);
  });
}
