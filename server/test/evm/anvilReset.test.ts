import { anvilAvailable } from '@cairn/anvil-node';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { sql } from '../api/apiHelpers.js';
import { chainResetSuite } from '../chains/chainResetSuite.js';
import { useScenario } from '../chains/useScenario.js';
import { type EvmPayment, startEvmScenario } from './startEvmScenario.js';

// A reset chain on a real anvil (`anvil_reset`: the same port and chain id, a new genesis block, the
// tip back at 0). The watcher stored the node's network identity (chain id and genesis hash) when it
// started, and tells the reset by the new genesis.

/** The deterministic deployment proxy anvil starts with (EIP-2470's predecessor, Arachnid's). */
const CREATE2_PROXY = '0x4e59b44847b379578588920ca78fbf26c0b4956c';

describe.runIf(anvilAvailable('EVM chain resets'))('chain resets on anvil', () => {
  const s = useScenario(() => startEvmScenario({ confirmations: 3 }));
  chainResetSuite({
    chainId: 'ETH_LOCAL',
    test: () => s().test,
    watcher: () => s().watcher,
    newPayment: () => s().newPayment('ETH'),
    async payIntoBlock(payment) {
      const p = payment as EvmPayment;
      // Mined at once (automine): one block deep.
      await s().pay('ETH', p.address, p.amount);
    },
    deepen: () => s().mine(3),
    async reset() {
      // A fresh anvil has the deterministic deployment proxy that wallet factories are created
      // through; `anvil_reset` drops it, so it is put back as a fresh anvil would have it.
      const proxy = await s().anvil.request<string>('eth_getCode', [CREATE2_PROXY, 'latest']);
      await s().anvil.request('anvil_reset', []);
      await s().anvil.request('anvil_setCode', [CREATE2_PROXY, proxy]);
    },
    reason: /network identity changed \(stored 31337:0x[0-9a-f]{64}, the node now answers 31337:0x/,
    statusOf: (id) => s().statusOf(id),
  });

  it("the merchant's forwarder factory, gone with the reset chain, is deployed again by the settler", async () => {
    const wallet = async () => {
      const [row] = await sql<{ onboarding_status: string; onboarding_address: Address }>(
        s().test,
        `select onboarding_status, onboarding_address from wallets
          where business_id = ? and chain_id = 'ETH_LOCAL' and removed_at is null`,
        [s().test.businessId],
      );
      return row!;
    };
    const before = await wallet();
    expect(before.onboarding_status).toBe('active');
    expect(await s().chain.getCode({ address: before.onboarding_address })).toBeUndefined();
    // The first round after the re-anchor finds the factory gone: the wallet onboards again.
    await s().settler.settleOnce();
    expect((await wallet()).onboarding_status).toBe('pending');
    await s().settler.settleOnce();
    const after = await wallet();
    expect(after).toEqual({ onboarding_status: 'active', onboarding_address: before.onboarding_address });
    expect(await s().chain.getCode({ address: after.onboarding_address })).toMatch(/^0x[0-9a-f]{2,}/);
    // Looked at once per re-anchor: a further round changes nothing.
    await s().settler.settleOnce();
    expect((await wallet()).onboarding_status).toBe('active');
  });
});
