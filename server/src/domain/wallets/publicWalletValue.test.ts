import { describe, expect, it } from 'vitest';
import type { IWallet } from '../../platform/db/entities/index.js';
import { dashboardPaths } from '../../surfaces/dashboard/render/dashboardPaths.js';
import { walletsPage } from '../../surfaces/dashboard/render/walletPages.js';
import { publicWalletValue } from './publicWalletValue.js';

// A Monero wallet is stored as `address:private view key`; the view key reveals every payment to the
// wallet, so nothing the merchant or an auditor sees may carry it.
const ADDRESS = `4${'A'.repeat(94)}`;
const VIEW_KEY = 'f'.repeat(63).concat('0');
const MONERO = `${ADDRESS}:${VIEW_KEY}`;

describe('publicWalletValue', () => {
  it('shows a Monero wallet as its address only, and every other wallet as stored', () => {
    expect(publicWalletValue('XMR', MONERO)).toBe(ADDRESS);
    expect(publicWalletValue('XMR_REGTEST', MONERO)).toBe(ADDRESS);
    expect(publicWalletValue('LTC_REGTEST', 'vpub5Y...')).toBe('vpub5Y...');
    expect(publicWalletValue('ETH', '0xAbC')).toBe('0xAbC');
  });

  it('the wallets page shows the address and says the view key is stored, never the key', () => {
    const wallet = {
      id: '00000000-0000-4000-8000-000000000001',
      businessId: '00000000-0000-4000-8000-000000000002',
      mode: 'test',
      chainId: 'XMR_REGTEST',
      value: MONERO,
      kind: 'view-key',
      nextIndex: 0,
      onboardingStatus: null,
      onboardingAddress: null,
      onboardingTx: null,
      onboardingProbeTx: null,
      onboardingError: null,
      onboardingUpdatedAt: null,
      createdAt: new Date('2026-11-25T00:00:00Z'),
      removedAt: null,
    } as unknown as IWallet;
    const viewer = {
      sessionId: 's',
      userId: 'u',
      email: 'shop@example.com',
      businesses: [{ id: wallet.businessId, name: 'Shop' }],
      business: { id: wallet.businessId, name: 'Shop' },
      mode: 'test' as const,
    };
    const page = walletsPage(dashboardPaths('/dashboard'), 'csrf', viewer, [wallet]).main.toString();
    expect(page).toContain(ADDRESS);
    expect(page).toContain('private view key stored, not shown');
    expect(page).not.toContain(VIEW_KEY);
  });
});
