import { describe, expect, it } from 'vitest';
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
});
