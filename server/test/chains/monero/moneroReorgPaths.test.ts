import { describe } from 'vitest';
import { moneroAvailable } from '../../harness/startMonero.js';
import { reorgPathsSuite } from '../reorgPathsSuite.js';
import { startScenario } from '../startChainScenario.js';
import { useScenario } from '../useScenario.js';
import { MONERO_REGTEST } from './moneroRegtest.js';
import { moneroReorgDriver } from './moneroReorgDriver.js';

// The reorg paths (reorgPathsSuite) on a real monerod regtest: reorgs made with `pop_blocks` (the
// popped transactions go back to the pool, kept by block, and are mined again by the next block) and
// `flush_txpool` (a popped transaction that is never mined again). The wallet RPC does not notice a
// popped block by itself: the watcher follows the daemon's hashes, the observer checks every transfer
// in the daemon and rescans the wallet when the two disagree.

describe.runIf(moneroAvailable('reorg paths on monerod'))('reorg paths on monerod --regtest', () => {
  const s = useScenario(() => startScenario(MONERO_REGTEST, { confirmations: 3 }));
  reorgPathsSuite(moneroReorgDriver(s));
});
