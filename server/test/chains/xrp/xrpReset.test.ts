import { describe } from 'vitest';
import { chainResetSuite, NO_COMMON_ANCESTOR, scenarioResetDriver } from '../chainResetSuite.js';
import { startScenario } from '../startChainScenario.js';
import { useScenario } from '../useScenario.js';
import { XRP_TESTNET } from './xrpTestnet.js';

// An XRP Ledger testnet reset (Ripple resets the testnet and devnet from time to time: ledgers start
// again far below, same network id), on the fake rippled: the observer reports a last validated
// ledger that far below as it is (not a lagging server), and the watcher tells the reset by finding
// no common ancestor in the kept headers.

describe('chain resets on the XRP Ledger (fake rippled)', () => {
  const s = useScenario(() => startScenario(XRP_TESTNET, { confirmations: 3 }));
  // Each reset starts far below the last one (the fake starts at ledger 90,000,000).
  const starts = [1_000_000, 1_000];
  chainResetSuite(
    scenarioResetDriver(s, {
      chainId: 'XRP_TESTNET',
      // Each payment lands in a newly validated ledger: one confirmation.
      payCloses: true,
      reset: async () => {
        s().node.rippled.reset(starts.shift());
        s().node.rippled.closeLedgers(4);
      },
      reason: NO_COMMON_ANCESTOR,
    }),
  );
});
