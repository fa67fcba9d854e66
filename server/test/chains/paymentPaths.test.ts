import { describe, expect } from 'vitest';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { chainPathsDriver } from './pathsDriver.js';
import { paymentPathsSuite } from './paymentPathsSuite.js';
import { LITECOIN_REGTEST, startChainScenario } from './startChainScenario.js';
import { useScenario } from './useScenario.js';

// The payment paths (paymentPathsSuite) on a real litecoind -regtest through the watcher: detection
// from the mempool, confirming at 1 confirmation, confirmed at the required depth of 3.

describe.runIf(litecoindAvailable('payment paths on litecoind'))(
  'payment paths on litecoind -regtest',
  () => {
    const s = useScenario(() => startChainScenario({ confirmations: 3 }));
    paymentPathsSuite(
      chainPathsDriver(s, LITECOIN_REGTEST, {
        // 25 USD at the demo rate of 80 USD/LTC.
        checkPayment: (p) => expect(p.amount).toBe(31_250_000n),
        overpaidExcessDisplay: '0.015625',
        payElsewhere: () => s().node.send(s().node.minerAddress, 100_000_000n),
      }),
    );
  },
);
