import { describe } from 'vitest';
import { moneroAvailable } from '../../harness/startMonero.js';
import { expiryPathsSuite } from '../expiryPathsSuite.js';
import { chainPathsDriver } from '../pathsDriver.js';
import { startScenario } from '../startChainScenario.js';
import { useScenario } from '../useScenario.js';
import { MONERO_REGTEST } from './moneroRegtest.js';

describe.runIf(moneroAvailable('expiry paths on monerod'))('expiry paths on monerod --regtest', () => {
  const s = useScenario(() => startScenario(MONERO_REGTEST, { confirmations: 2 }));
  expiryPathsSuite(chainPathsDriver(s, MONERO_REGTEST));
});
