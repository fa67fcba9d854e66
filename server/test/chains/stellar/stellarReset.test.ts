import { describe } from 'vitest';
import { chainResetSuite } from '../chainResetSuite.js';
import { type ScenarioPayment, startScenario } from '../startChainScenario.js';
import { useScenario } from '../useScenario.js';
import { stellarTestnet } from './stellarTestnet.js';

// A Stellar testnet reset (SDF resets it from time to time: ledgers start again from 1, same
// passphrase), on the fake Horizon: the watcher tells it by its tip, far below its cursor with no
// common ancestor in the kept headers.

describe('chain resets on Stellar (fake Horizon)', () => {
  const s = useScenario(() => startScenario(stellarTestnet(), { confirmations: 3 }));
  chainResetSuite({
    chainId: 'XLM_TESTNET',
    test: () => s().test,
    watcher: () => s().watcher,
    newPayment: () => s().newPayment(),
    async payIntoBlock(payment) {
      const p = payment as ScenarioPayment;
      // Each payment closes its own ledger: one confirmation.
      await s().pay(p, p.amount);
    },
    deepen: async () => {
      await s().mine(3);
    },
    reset: async () => {
      s().node.horizon.reset(5);
    },
    reason: /no common ancestor with the node within the 2000 kept block headers .*below it/,
    statusOf: (id) => s().statusOf(id),
  });
});
