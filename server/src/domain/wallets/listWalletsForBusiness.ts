import type { Mode } from '@cairn/contract';
import { Wallet } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { publicWalletValue } from './publicWalletValue.js';
import { type WalletConfirmationState, walletConfirmationState } from './walletConfirmationState.js';

/** A wallet in use, as the wallets page shows it (never a Monero view key). */
export interface WalletSummary {
  readonly id: string;
  readonly chainId: string;
  /** The wallet as it may be shown: {@link publicWalletValue}. */
  readonly publicValue: string;
  /** The adapter's kind, e.g. `p2wpkh`. */
  readonly kind: string;
  /** EVM and TRON: the one-time on-chain setup (`pending`, `active`, `failed`); null elsewhere. */
  readonly onboardingStatus: 'pending' | 'active' | 'failed' | null;
  /** Why the setup failed. */
  readonly onboardingError: string | null;
  readonly createdAt: Date;
  /** The owner's confirmation (live mode): pending, confirmed and waiting out the delay, or confirmed. */
  readonly confirmation: WalletConfirmationState;
  /** From when payments use it (null while pending confirmation). */
  readonly usableFrom: Date | null;
  /** Pending confirmation: the address the latest link was mailed to. */
  readonly confirmationMailedTo: string | null;
}

/** A business's wallets in use in one mode, by chain id, with their confirmation at the gateway clock's now. */
export async function listWalletsForBusiness(
  gateway: Gateway,
  scope: { readonly businessId: string; readonly mode: Mode },
): Promise<WalletSummary[]> {
  const em = gateway.orm.em.fork();
  const wallets = await em.find(
    Wallet,
    { businessId: scope.businessId, mode: scope.mode, removedAt: null },
    { orderBy: { chainId: 'asc' } },
  );
  const pending = wallets.filter((w) => !w.confirmedAt).map((w) => w.id);
  const mailed =
    pending.length === 0
      ? []
      : await em.getConnection().execute<{ wallet_id: string; email: string }[]>(
          `select distinct on (wallet_id) wallet_id, email from wallet_confirmations
             where wallet_id in (?) order by wallet_id, created_at desc`,
          [pending],
        );
  const mailedTo = new Map(mailed.map((m) => [m.wallet_id, m.email]));
  const now = gateway.clock.now();
  return wallets.map((w) => ({
    id: w.id,
    chainId: w.chainId,
    publicValue: publicWalletValue(w.chainId, w.value),
    kind: w.kind,
    onboardingStatus: w.onboardingStatus ?? null,
    onboardingError: w.onboardingError ?? null,
    createdAt: w.createdAt,
    confirmation: walletConfirmationState(w, now),
    usableFrom: w.usableFrom ?? null,
    confirmationMailedTo: mailedTo.get(w.id) ?? null,
  }));
}
