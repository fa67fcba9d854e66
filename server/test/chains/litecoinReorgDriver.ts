import { expect } from 'vitest';
import type { Litecoind } from '../harness/startLitecoind.js';
import type { ReorgDriver } from './pathsDriver.js';
import {
  broadcast,
  conflictingPair,
  generateBlock,
  inMempool,
  invalidateBlock,
  type SignedTx,
} from './reorgTools.js';
import { type ChainScenario, LITECOIN_REGTEST } from './startChainScenario.js';

/**
 * litecoind -regtest for the reorg suite. Every payment is a transaction with an unbroadcast twin
 * spending the same output back to the wallet; a reorg is `invalidateblock` of the transfer's block
 * (its transactions return to the mempool), and a transfer `gone` for good is double-spent by its twin
 * mined with `generateblock` in the new branch.
 */
export function litecoinReorgDriver(scenario: () => ChainScenario<Litecoind>): ReorgDriver {
  const twins = new Map<string, SignedTx>();
  return {
    token: LITECOIN_REGTEST.token,
    scenario: () => ({
      ...scenario(),
      async pay(payment, amount) {
        const { node } = scenario();
        const { pay, conflict } = await conflictingPair(node, payment.address, amount);
        twins.set(pay.txid, conflict);
        return broadcast(node, pay);
      },
    }),
    async reorgOut(txid, fate) {
      const { node } = scenario();
      const tx = await node.rpc.call<{ blockhash?: string }>('getrawtransaction', [txid, true]);
      if (!tx.blockhash) throw new Error(`transaction ${txid} is in no block`);
      await invalidateBlock(node, tx.blockhash);
      if (fate === 'gone') {
        const twin = twins.get(txid);
        if (!twin) throw new Error(`transaction ${txid} was not paid by this driver`);
        await generateBlock(node, [twin]);
      }
      expect(await inMempool(node, txid)).toBe(fate === 'again');
    },
  };
}
