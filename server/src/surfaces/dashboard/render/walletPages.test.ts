import { getChain } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import type { WalletSummary } from '../../../domain/wallets/listWalletsForBusiness.js';
import { publicWalletValue } from '../../../domain/wallets/publicWalletValue.js';
import { dashboardPaths } from './dashboardPaths.js';
import { NOT_WATCHED, newWalletPage, type WalletChainChoice, walletsPage } from './walletPages.js';

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
      confirmation: 'confirmed',
      usableFrom: new Date('2026-11-25T00:00:00Z'),
      confirmationMailedTo: null,
    };
    const business = { id: '00000000-0000-4000-8000-000000000002', name: 'Shop', role: 'owner' as const };
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

  it('says a live wallet is pending confirmation, where the link went, and offers to resend it; then when it is usable', () => {
    const business = { id: '00000000-0000-4000-8000-000000000002', name: 'Shop', role: 'owner' as const };
    const viewer = {
      sessionId: 's',
      userId: 'u',
      email: 'shop@example.com',
      businesses: [business],
      business,
      mode: 'live' as const,
      mayUseLive: true,
      authenticatedAt: new Date(),
    };
    const pending: WalletSummary = {
      id: '00000000-0000-4000-8000-000000000003',
      chainId: 'BTC',
      publicValue: 'zpub-example',
      kind: 'p2wpkh',
      onboardingStatus: null,
      onboardingError: null,
      createdAt: new Date('2026-11-25T00:00:00Z'),
      confirmation: 'pending_confirmation',
      usableFrom: null,
      confirmationMailedTo: 'shop@example.com',
    };
    const paths = dashboardPaths('/dashboard');
    const page = walletsPage(paths, 'csrf', viewer, [pending]).main.toString();
    expect(page).toContain('Pending confirmation');
    expect(page).toContain('We mailed a link to shop@example.com');
    expect(page).toContain(`action="${paths.resendWalletConfirmation(pending.id)}"`);
    const waiting = {
      ...pending,
      confirmation: 'waiting' as const,
      usableFrom: new Date('2026-11-26T12:00:00Z'),
    };
    const later = walletsPage(paths, 'csrf', viewer, [waiting]).main.toString();
    expect(later).toContain('Usable from 2026-11-26 12:00:00 UTC');
    expect(later).not.toContain('Pending confirmation');
  });
});

describe('newWalletPage', () => {
  const business = { id: '00000000-0000-4000-8000-000000000002', name: 'Shop', role: 'owner' as const };
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
  const choice = (id: string, watched: boolean): WalletChainChoice => ({ chain: getChain(id)!, watched });
  const choices = [choice('BTC_TESTNET', false), choice('ETH_LOCAL', true), choice('LTC_TESTNET', true)];
  const render = (state?: Parameters<typeof newWalletPage>[4]) =>
    newWalletPage(dashboardPaths('/dashboard'), 'csrf', viewer, choices, state).main.toString();

  it('starts on the first watched chain, and marks the chains nothing watches', () => {
    const page = render();
    expect(page).toMatch(/<option value="ETH_LOCAL"[^>]* selected>/);
    expect(page).toContain('name="chain_id" value="ETH_LOCAL"');
    expect(page).toMatch(
      /<option value="BTC_TESTNET"[^>]*data-watched="0">[^<]*\(not watched by this gateway\)<\/option>/,
    );
    expect(page).not.toMatch(/<option value="LTC_TESTNET"[^<]*not watched/);
    expect(page).toContain('id="chain-unwatched" hidden');
    expect(NOT_WATCHED).toBe('(not watched by this gateway)');
  });

  it('carries each chain’s field on its option for the script, and keeps Choose for browsers without it', () => {
    const page = render();
    expect(page).toMatch(
      /<option value="LTC_TESTNET"[^>]*data-family="utxo" data-label="Account extended public key"/,
    );
    expect(page).toContain('<noscript><button type="submit" class="secondary">Choose</button></noscript>');
    // The EVM deposit mode is there, shown for the EVM chain picked.
    expect(page).toContain('<div id="wallet-evm-only">');
  });

  it('shows the chain asked for, even an unwatched one, saying so and hiding the EVM part', () => {
    const page = render({ chainId: 'BTC_TESTNET' });
    expect(page).toMatch(/<option value="BTC_TESTNET"[^>]* selected>/);
    expect(page).toContain('<p class="hint" id="chain-unwatched">');
    expect(page).toContain('<div id="wallet-evm-only" hidden>');
    expect(page).toContain('<label for="f-value">Account extended public key</label>');
  });
});
