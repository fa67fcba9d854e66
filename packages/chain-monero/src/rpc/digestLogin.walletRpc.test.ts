import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWalletRpc, type WalletRpc, walletRpcAvailable } from '../../test/startWalletRpc.js';
import { MoneroRpcClient, MoneroRpcTransportError } from './MoneroRpcClient.js';

// A real monero-wallet-rpc started with --rpc-login: the client answers its Digest challenge from the
// credentials in the URL, keeps answering the same nonce on later calls, and a wrong login is a clear
// transport error (401) that never shows the password.
const ready = walletRpcAvailable('Digest login against monero-wallet-rpc --rpc-login');

describe.runIf(ready)('MoneroRpcClient against monero-wallet-rpc --rpc-login', () => {
  let rpc: WalletRpc;
  beforeAll(async () => {
    rpc = await startWalletRpc('mainnet', 'cairn:pa ss@word');
  }, 90_000);
  afterAll(async () => {
    await rpc?.stop();
  });

  const withLogin = (login: string) => rpc.url.replace('http://', `http://${login}@`);

  it('signs in with the login from the URL, for many calls in a row and at once', async () => {
    const client = new MoneroRpcClient(withLogin('cairn:pa%20ss%40word'));
    expect(client.url).toBe(rpc.url);
    const first = await client.call<{ version: number }>('get_version');
    expect(first.version).toBeGreaterThan(0);
    for (let i = 0; i < 3; i += 1) await client.call('get_version');
    const together = await Promise.all(
      [1, 2, 3, 4].map(() => client.call<{ version: number }>('get_version')),
    );
    expect(together.map((v) => v.version)).toEqual([1, 2, 3, 4].map(() => first.version));
  });

  it('without a login, or with a wrong one, is HTTP 401 with a hint and no password', async () => {
    const none = new MoneroRpcClient(rpc.url).call('get_version');
    await expect(none).rejects.toBeInstanceOf(MoneroRpcTransportError);
    await expect(none).rejects.toMatchObject({
      httpStatus: 401,
      message: expect.stringMatching(/put it in the URL/),
    });
    const wrong = new MoneroRpcClient(withLogin('cairn:nope')).call('get_version');
    await expect(wrong).rejects.toMatchObject({
      httpStatus: 401,
      message: expect.stringMatching(/login in the URL was refused/),
    });
    await wrong.catch((error: Error) => expect(error.message).not.toContain('nope'));
  });
});
