import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { type FakeRippled, startFakeRippled } from '../test/startFakeRippled.js';
import { readXrpAccountAdvice } from './readXrpAccountAdvice.js';

describe('readXrpAccountAdvice (account_info against the fake rippled)', () => {
  let rippled: FakeRippled;
  beforeAll(async () => {
    rippled = await startFakeRippled();
  });
  afterAll(async () => {
    await rippled?.stop();
  });
  const advise = (account: string) =>
    readXrpAccountAdvice({ url: rippled.url, account, network: 'the XRP Ledger Testnet' });

  it('says nothing for an account with RequireDest', async () => {
    const account = Wallet.generate().classicAddress;
    rippled.setAccount(account, { requireDest: true });
    expect(await advise(account)).toEqual([]);
    expect(rippled.requests.at(-1)).toEqual({
      method: 'account_info',
      params: { account, ledger_index: 'validated', api_version: 2 },
    });
  });

  it('asks for RequireDest when the account lacks it', async () => {
    const account = Wallet.generate().classicAddress;
    rippled.setAccount(account, { requireDest: false });
    const [advice, ...rest] = await advise(account);
    expect(rest).toEqual([]);
    expect(advice).toContain('does not require destination tags: turn on RequireDest');
  });

  it('says an account that does not exist yet must be funded', async () => {
    const account = Wallet.generate().classicAddress;
    const [advice] = await advise(account);
    expect(advice).toContain(`The account ${account} does not exist on the XRP Ledger Testnet yet`);
  });

  it('throws when rippled cannot be read (the caller then says nothing)', async () => {
    rippled.setUnavailable(true);
    try {
      await expect(advise(Wallet.generate().classicAddress)).rejects.toThrow();
    } finally {
      rippled.setUnavailable(false);
    }
  });
});
