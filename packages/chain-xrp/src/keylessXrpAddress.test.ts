import { describe, expect, it } from 'vitest';
import { keylessXrpAddress } from './keylessXrpAddress.js';
import { validateXrpWallet } from './validateXrpWallet.js';

describe('keylessXrpAddress', () => {
  it('is a new classic address each time, accepted as a test-network wallet', () => {
    const [a, b] = [keylessXrpAddress(), keylessXrpAddress()];
    expect(a).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    expect(a).not.toBe(b);
    expect(validateXrpWallet({ chainId: 'XRP_TESTNET', value: a })).toMatchObject({
      ok: true,
      normalized: a,
    });
  });
});
