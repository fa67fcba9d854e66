import { describe } from 'vitest';
import { chainResetSuite, NO_COMMON_ANCESTOR, scenarioResetDriver } from '../chainResetSuite.js';
import { startScenario } from '../startChainScenario.js';
import { useScenario } from '../useScenario.js';
import { stellarTestnet } from './stellarTestnet.js';

// A Stellar testnet reset (SDF resets it from time to time: ledgers start again from 1, same
// passphrase), on the fake Horizon: the watcher tells it by its tip, far below its cursor with no
// common ancestor in the kept headers.

describe('chain resets on Stellar (fake Horizon)', () => {
  const s = useScenario(() => startScenario(stellarTestnet(), { confirmations: 3 }));
  chainResetSuite(
    scenarioResetDriver(s, {
      chainId: 'XLM_TESTNET',
      // Each payment closes its own ledger: one confirmation.
      payCloses: true,
      reset: async () => {
        s().node.horizon.reset(5);
      },
      reason: NO_COMMON_ANCESTOR,
    }),
  );
});
