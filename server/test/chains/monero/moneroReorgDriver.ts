import { expect } from 'vitest';
import type { ReorgDriver } from '../pathsDriver.js';
import type { ChainScenario } from '../startChainScenario.js';
import { MONERO_REGTEST, type MoneroRegtest } from './moneroRegtest.js';

/**
 * monerod --regtest for the reorg suite: a reorg is `pop_blocks` from the transfer's block up (the
 * popped transactions go back to the pool, and the next block mines them again); a transfer `gone` for
 * good is flushed from the pool too (`flush_txpool`).
 */
export function moneroReorgDriver(scenario: () => ChainScenario<MoneroRegtest>): ReorgDriver {
  const inPool = async (txid: string) =>
    (await scenario().node.daemon.getTransactions([txid])).found.some((tx) => tx.inPool);
  return {
    token: MONERO_REGTEST.token,
    scenario,
    async reorgOut(txid, fate) {
      const { node } = scenario();
      const [tx] = (await node.daemon.getTransactions([txid])).found;
      if (tx?.blockHeight === undefined) throw new Error(`transaction ${txid} is in no block`);
      await node.popBlocks((await node.height()) - tx.blockHeight + 1);
      if (fate === 'gone') await node.flushTxpool();
      expect(await inPool(txid)).toBe(fate === 'again');
    },
    async settle() {
      // Ten blocks (the spendable age) above whatever the reorg touched, and the payer's wallet told.
      const { node } = scenario();
      await node.mine(10);
      await node.payer.refresh();
    },
  };
}
