import type { Mode } from '@cairn/contract';
import { Wallet } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { publicWalletValue } from './publicWalletValue.js';

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
}

/** A business's wallets in use in one mode, by chain id. */
export async function listWalletsForBusiness(
  gateway: Gateway,
  scope: { readonly businessId: string; readonly mode: Mode },
): Promise<WalletSummary[]> {
  const wallets = await gateway.orm.em
    .fork()
    .find(
      Wallet,
      { businessId: scope.businessId, mode: scope.mode, removedAt: null },
      { orderBy: { chainId: 'asc' } },
    );
  return wallets.map((w) => ({
    id: w.id,
    chainId: w.chainId,
    publicValue: publicWalletValue(w.chainId, w.value),
    kind: w.kind,
    onboardingStatus: w.onboardingStatus ?? null,
    onboardingError: w.onboardingError ?? null,
    createdAt: w.createdAt,
  }));
}
