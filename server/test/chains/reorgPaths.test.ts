import { describe, expect, it } from 'vitest';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { eventNamesFor } from './eventsFor.js';
import { litecoinReorgDriver } from './litecoinReorgDriver.js';
import { reorgPathsSuite } from './reorgPathsSuite.js';
import {
  activeConfirmations,
  blockHashAt,
  broadcast,
  conflictingPair,
  generateBlock,
  inMempool,
  invalidateBlock,
} from './reorgTools.js';
import { startChainScenario } from './startChainScenario.js';
import { useScenario } from './useScenario.js';

// The reorg paths (reorgPathsSuite) on a real litecoind -regtest: reorgs made with invalidateblock,
// double-spends mined with generateblock. The watcher finds the fork point by parent hash and judges
// depth on the active chain only. Beside them, the UTXO ways a transaction leaves: no longer final
// after the reorg, and double-spent while still in the mempool.

describe.runIf(litecoindAvailable('reorg paths on litecoind'))('reorg paths on litecoind -regtest', () => {
  const s = useScenario(() => startChainScenario({ confirmations: 3 }));
  reorgPathsSuite(litecoinReorgDriver(s));

  describe('UTXO: before the window closes', () => {
    it('the transaction is gone after the reorg (no longer final): back to awaiting_payment (payment.reverted)', async () => {
      const p = await s().newPayment();
      const height = await s().node.height();
      // Valid only in blocks above `height`: once the reorg drops the chain below it, the node cannot
      // put it back in its mempool.
      const { pay } = await conflictingPair(s().node, p.address, p.amount, { locktime: height });
      await broadcast(s().node, pay);
      await s().sync();
      expect(await s().statusOf(p.id)).toBe('payment_detected');
      await s().node.mine(1);
      await s().sync();
      expect(await s().statusOf(p.id)).toBe('confirming');

      await invalidateBlock(s().node, await blockHashAt(s().node, height));
      expect(await inMempool(s().node, pay.txid)).toBe(false);
      // With -txindex the node still knows the transaction: only its active-chain depth tells.
      expect(await activeConfirmations(s().node, pay.txid)).toBe(0);
      await s()
        .node.rpc.call('abandontransaction', [pay.txid])
        .catch(() => undefined);
      await s().sync();
      const gone = await s().read(p.id);
      expect(gone.status).toBe('awaiting_payment');
      expect(gone.transactions).toEqual([expect.objectContaining({ tx_id: pay.txid, status: 'removed' })]);
      await s().node.mine(2);
      await s().sync();
      expect(await s().statusOf(p.id)).toBe('awaiting_payment');
      expect(await eventNamesFor(s().test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.reverted',
      ]);
    });

    it('a mempool transaction double-spent by a mined conflict is removed', async () => {
      const p = await s().newPayment();
      const { pay, conflict } = await conflictingPair(s().node, p.address, p.amount);
      await broadcast(s().node, pay);
      await s().sync();
      expect(await s().statusOf(p.id)).toBe('payment_detected');
      await generateBlock(s().node, [conflict]);
      await s().sync();
      expect(await s().statusOf(p.id)).toBe('awaiting_payment');
      expect(await eventNamesFor(s().test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.reverted',
      ]);
    });
  });
});
