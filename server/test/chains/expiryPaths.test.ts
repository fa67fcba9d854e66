import { describe } from 'vitest';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { expiryPathsSuite } from './expiryPathsSuite.js';
import { chainPathsDriver } from './pathsDriver.js';
import { LITECOIN_REGTEST, startChainScenario } from './startChainScenario.js';
import { useScenario } from './useScenario.js';

describe.runIf(litecoindAvailable('expiry paths on litecoind'))('expiry paths on litecoind -regtest', () => {
  const s = useScenario(() => startChainScenario({ confirmations: 2 }));
  expiryPathsSuite(chainPathsDriver(s, LITECOIN_REGTEST));
});
