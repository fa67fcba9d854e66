import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAvailable } from './anvilAvailable.js';
import { ANVIL_ACCOUNTS, type AnvilNode, startAnvil } from './startAnvil.js';

describe.runIf(anvilAvailable('anvil-node'))('startAnvil', () => {
  let anvil: AnvilNode;
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 1337 });
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it('answers JSON-RPC with the chain id asked for and funds the default accounts', async () => {
    expect(await anvil.request('eth_chainId')).toBe('0x539');
    const balance = BigInt(
      await anvil.request<string>('eth_getBalance', [ANVIL_ACCOUNTS[0].address, 'latest']),
    );
    expect(balance).toBe(10_000n * 10n ** 18n);
  });

  it('mines on demand', async () => {
    const before = await anvil.blockNumber();
    await anvil.mine(3);
    expect(await anvil.blockNumber()).toBe(before + 3);
  });

  it('stops, and no longer answers', async () => {
    const other = await startAnvil();
    await other.stop();
    expect(other.running).toBe(false);
    await expect(other.request('eth_chainId')).rejects.toThrow();
  });
});
