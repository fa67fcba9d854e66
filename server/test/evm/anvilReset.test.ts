import { anvilAvailable } from '@cairn/anvil-node';
import { describe } from 'vitest';
import { chainResetSuite } from '../chains/chainResetSuite.js';
import { useScenario } from '../chains/useScenario.js';
import { type EvmPayment, startEvmScenario } from './startEvmScenario.js';

// A reset chain on a real anvil (`anvil_reset`: the same port and chain id, a new genesis block, the
// tip back at 0). The watcher stored the node's network identity (chain id and genesis hash) when it
// started, and tells the reset by the new genesis.

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
      await s().anvil.request('anvil_reset', []);
    },
    reason: /network identity changed \(stored 31337:0x[0-9a-f]{64}, the node now answers 31337:0x/,
    statusOf: (id) => s().statusOf(id),
  });
});
