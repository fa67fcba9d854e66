import { describe } from 'vitest';
import { moneroAvailable } from '../../harness/startMonero.js';
import { expiryPathsSuite } from '../expiryPathsSuite.js';
import { MONERO_REGTEST } from './moneroRegtest.js';

describe.runIf(moneroAvailable('expiry paths on monerod'))('expiry paths on monerod --regtest', () => {
  expiryPathsSuite(MONERO_REGTEST);
});
