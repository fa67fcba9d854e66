import { describe, expect, it } from 'vitest';
import { keylessSolanaAddress } from './keylessSolanaAddress.js';
import { validateSolanaWallet } from './validateSolanaWallet.js';

describe('keylessSolanaAddress', () => {
  it('is a new on-curve address each time, accepted as a test-network wallet', () => {
    const addresses = Array.from({ length: 20 }, () => keylessSolanaAddress());
    expect(new Set(addresses).size).toBe(20);
    for (const a of addresses)
      expect(validateSolanaWallet({ chainId: 'SOL_DEVNET', value: a })).toMatchObject({
        ok: true,
        normalized: a,
      });
  });
});
