import { alertBusinessOwner } from '../businesses/alertBusinessOwner.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { addWallet } from './addWallet.js';
import { mailWalletConfirmation } from './mailWalletConfirmation.js';
import { publicWalletValue } from './publicWalletValue.js';
import { readWalletAdvice } from './readWalletAdvice.js';

/** What adding a wallet came to, as the merchant is told. */
export interface AddedWalletReport {
  /** The adapter's outcome, e.g. `EIP-55 applied`, `Canonicalized`. */
  readonly outcome: string;
  /** Whether its one-time on-chain setup has started (payments on the chain wait for it). */
  readonly setupPending: boolean;
  /** What the chain says about the account now (no RequireDest, no trustline, not funded yet). */
  readonly advice: readonly string[];
  /** A live-mode wallet: the address its confirmation link was mailed to (payments wait for it). */
  readonly confirmationMailedTo: string | null;
}

/**
 * A person adds a wallet ({@link addWallet}: validated by its chain's adapter), audited with its
 * public value, kind and outcome, and its owner alerted by mail, in one transaction, which also mails
 * a live-mode wallet's confirmation link to the business's owner ({@link mailWalletConfirmation});
 * then the chain is asked for advice about it.
 *
 * @throws {WalletRejectedError} when the adapter or the gateway refuses the wallet.
 */
export async function addWalletAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly businessId: string; readonly chainId: string; readonly value: string },
): Promise<AddedWalletReport> {
  const added = await gateway.orm.em.fork().transactional(async (em) => {
    const result = await addWallet(em, gateway.clock, gateway.chains, input);
    const mailedTo = result.wallet.confirmedAt
      ? null
      : await mailWalletConfirmation(gateway, em, result.wallet);
    await recordAudit(em, gateway.clock, actor, {
      businessId: input.businessId,
      action: 'wallet.added',
      target: `${input.chainId} ${publicWalletValue(input.chainId, result.wallet.value)}`,
      details: { mode: result.wallet.mode, kind: result.wallet.kind, outcome: result.outcome },
    });
    await alertBusinessOwner(em, gateway, actor, input.businessId, {
      kind: 'wallet_added',
      mode: result.wallet.mode,
      chain: input.chainId,
      address: publicWalletValue(input.chainId, result.wallet.value),
    });
    return { ...result, mailedTo };
  });
  return {
    outcome: added.outcome,
    setupPending: added.wallet.onboardingStatus === 'pending',
    advice: await readWalletAdvice(gateway, input.chainId, added.wallet.value),
    confirmationMailedTo: added.mailedTo,
  };
}
