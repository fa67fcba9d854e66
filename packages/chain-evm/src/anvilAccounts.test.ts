import { ANVIL_ACCOUNTS } from '@cairn/anvil-node';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';

describe('ANVIL_ACCOUNTS', () => {
  it.each(ANVIL_ACCOUNTS.map((a, i) => [i, a] as const))(
    "account %i: the key is the address's",
    (_, account) => {
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address);
    },
  );
});
