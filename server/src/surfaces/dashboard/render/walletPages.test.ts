import { describe, expect, it } from 'vitest';
import type { WalletSummary } from '../../../domain/wallets/listWalletsForBusiness.js';
import { publicWalletValue } from '../../../domain/wallets/publicWalletValue.js';
import { dashboardPaths } from './dashboardPaths.js';
import { walletsPage } from './walletPages.js';

// A Monero wallet is stored as `address:private view key`; the view key reveals every payment to the
// wallet, so nothing the merchant or an auditor sees may carry it.
const ADDRESS = `4${'A'.repeat(94)}`;
const VIEW_KEY = 'f'.repeat(63).concat('0');
const MONERO = `${ADDRESS}:${VIEW_KEY}`;

describe('walletsPage', () => {
  it('the wallets page shows the address and says the view key is stored, never the key', () => {
    // As listWalletsForBusiness gives it: the stored value through publicWalletValue.
    const wallet: WalletSummary = {
      id: '00000000-0000-4000-8000-000000000001',
      chainId: 'XMR_REGTEST',
      publicValue: publicWalletValue('XMR_REGTEST', MONERO),
      kind: 'view-key',
      onboardingStatus: null,
      onboardingError: null,
      createdAt: new Date('2026-11-25T00:00:00Z'),
    };
    const business = { id: '00000000-0000-4000-8000-000000000002', name: 'Shop' };
    const viewer = {
      sessionId: 's',
      userId: 'u',
      email: 'shop@example.com',
      businesses: [business],
      business,
      mode: 'test' as const,
      mayUseLive: true,
      authenticatedAt: new Date(),
    };
    const page = walletsPage(dashboardPaths('/dashboard'), 'csrf', viewer, [wallet]).main.toString();
    expect(page).toContain(ADDRESS);
    expect(page).toContain('private view key stored, not shown');
    expect(page).not.toContain(VIEW_KEY);
  });
});
