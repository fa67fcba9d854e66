import { getChain } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Business, type IWallet, User } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { queueMail } from '../mail/queueMail.js';
import { walletConfirmationMail } from '../mail/walletMails.js';
import { publicWalletValue } from './publicWalletValue.js';
import { issueWalletConfirmation, WALLET_CONFIRMATION_TTL_MS } from './walletConfirmationTokens.js';

/**
 * Mails a new confirmation link for a live-mode wallet to its business's owner (the login the
 * business belongs to, which is also the only login that can add it), naming the chain and the full
 * wallet, in the caller's transaction. Returns the address it went to.
 */
export async function mailWalletConfirmation(
  gateway: Gateway,
  em: EntityManager,
  wallet: IWallet,
): Promise<string> {
  const business = await em.findOneOrFail(Business, { id: wallet.businessId });
  const owner = await em.findOneOrFail(User, { id: business.userId });
  const token = await issueWalletConfirmation(em, gateway.clock, {
    walletId: wallet.id,
    userId: owner.id,
    email: owner.email,
  });
  const chain = getChain(wallet.chainId);
  const { config } = gateway;
  await queueMail(
    em,
    gateway.clock,
    { smtp: config.CAIRN_SMTP_URL !== undefined, log: gateway.log },
    walletConfirmationMail({
      to: owner.email,
      businessName: business.name,
      chain: chain ? `${chain.name} (${chain.id})` : wallet.chainId,
      wallet: publicWalletValue(wallet.chainId, wallet.value),
      link: `${config.urls.dashboard}/wallets/confirm?token=${token}`,
      validHours: WALLET_CONFIRMATION_TTL_MS / 3_600_000,
      delayHours: config.CAIRN_LIVE_WALLET_DELAY_HOURS,
    }),
  );
  return owner.email;
}
