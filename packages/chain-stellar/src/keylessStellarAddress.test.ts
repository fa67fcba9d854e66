import { describe, expect, it } from 'vitest';
import { keylessStellarAddress } from './keylessStellarAddress.js';
import { validateStellarWallet } from './validateStellarWallet.js';

describe('keylessStellarAddress', () => {
  it('is a new account address each time, accepted as a test-network wallet', () => {
    const [a, b] = [keylessStellarAddress(), keylessStellarAddress()];
    expect(a).toMatch(/^G[A-Z2-7]{55}$/);
    expect(a).not.toBe(b);
    expect(validateStellarWallet({ chainId: 'XLM_TESTNET', value: a })).toMatchObject({
      ok: true,
      normalized: a,
    });
  });
});
