import { describe } from 'vitest';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { expiryPathsSuite } from './expiryPathsSuite.js';
import { LITECOIN_REGTEST } from './startChainScenario.js';

describe.runIf(litecoindAvailable('expiry paths on litecoind'))('expiry paths on litecoind -regtest', () => {
  expiryPathsSuite(LITECOIN_REGTEST);
});
