import { alertBusinessOwner } from '../businesses/alertBusinessOwner.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { publicWalletValue } from './publicWalletValue.js';
import { removeWallet } from './removeWallet.js';

/**
 * A person removes one of a business's wallets ({@link removeWallet}: refused while open payments use
 * it), audited with its chain and public value, and its owner alerted by mail, in one transaction.
 *
 * @throws {WalletRejectedError} NOT_FOUND, or IN_USE.
 */
export async function removeWalletAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly businessId: string; readonly walletId: string },
): Promise<void> {
  await gateway.orm.em.fork().transactional(async (em) => {
    const wallet = await removeWallet(em, gateway.clock, input);
    await recordAudit(em, gateway.clock, actor, {
      businessId: input.businessId,
      action: 'wallet.removed',
      target: `${wallet.chainId} ${publicWalletValue(wallet.chainId, wallet.value)}`,
      details: { mode: wallet.mode },
    });
    await alertBusinessOwner(em, gateway, actor, input.businessId, {
      kind: 'wallet_removed',
      mode: wallet.mode,
      chain: wallet.chainId,
      address: publicWalletValue(wallet.chainId, wallet.value),
    });
  });
}
