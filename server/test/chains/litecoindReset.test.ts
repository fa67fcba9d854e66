import { describe } from 'vitest';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { chainResetSuite } from './chainResetSuite.js';
import { startChainScenario } from './startChainScenario.js';
import { useScenario } from './useScenario.js';

// A reset chain on a real litecoind -regtest (its data dir emptied, started again on the same port with
// fewer blocks). Regtest's genesis block never changes, so the network identity stays the same: the
// watcher tells the reset by its tip, below its cursor with no common ancestor in the kept headers.

describe.runIf(litecoindAvailable('chain resets on litecoind'))('chain resets on litecoind -regtest', () => {
  const s = useScenario(() => startChainScenario({ confirmations: 3 }));
  chainResetSuite({
    chainId: 'LTC_REGTEST',
    test: () => s().test,
    watcher: () => s().watcher,
    newPayment: () => s().newPayment(),
    async payIntoBlock(payment) {
      const p = payment as Awaited<ReturnType<ReturnType<typeof s>['newPayment']>>;
      await s().pay(p, p.amount);
      await s().mine(1);
    },
    deepen: async () => {
      await s().mine(3);
    },
    // 101 blocks: one mature coinbase to pay with, far below the 150 the scenario started with.
    reset: () => s().node.wipe(101),
    reason: /no common ancestor with the node within the 2000 kept block headers .*below it/,
    statusOf: (id) => s().statusOf(id),
  });
});
