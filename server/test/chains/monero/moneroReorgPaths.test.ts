import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneroAvailable } from '../../harness/startMonero.js';
import { eventNamesFor, eventsFor } from '../eventsFor.js';
import { type ChainScenario, startScenario } from '../startChainScenario.js';
import { MONERO_REGTEST, type MoneroRegtest } from './moneroRegtest.js';

// docs/lifecycle.md, the reorg rows and decisions, on a real monerod regtest: reorgs made with
// `pop_blocks` (the popped transactions go back to the pool, kept by block, and are mined again by the
// next block) and `flush_txpool` (a popped transaction that is never mined again). The wallet RPC does
// not notice a popped block by itself: the watcher follows the daemon's hashes, the observer checks
// every transfer in the daemon and rescans the wallet when the two disagree.

describe.runIf(moneroAvailable('reorg paths on monerod'))('reorg paths on monerod --regtest', () => {
  let s: ChainScenario<MoneroRegtest>;
  beforeAll(async () => {
    s = await startScenario(MONERO_REGTEST, { confirmations: 3 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  /** Whether the daemon has the transaction in its pool. */
  const inPool = async (txid: string) =>
    (await s.node.daemon.getTransactions([txid])).found.some((tx) => tx.inPool);

  describe('before the window closes', () => {
    it('the block is popped and the transaction goes back to the pool: payment_detected, then confirms when mined again', async () => {
      const p = await s.newPayment();
      const txid = await s.node.send(p.address, p.amount);
      await s.sync();
      await s.node.mine(1);
      expect((await s.sync()).reorgs).toBe(0);
      expect(await s.statusOf(p.id)).toBe('confirming');

      await s.node.popBlocks(1);
      expect(await inPool(txid)).toBe(true);
      expect((await s.sync()).reorgs).toBe(1);
      const back = await s.read(p.id);
      expect(back.status).toBe('payment_detected');
      expect(back.transactions[0]).toMatchObject({ tx_id: txid, confirmations: 0 });

      await s.node.mine(s.confirmations);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirmed');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
    });

    it('the transaction is gone after the reorg (popped and flushed): back to awaiting_payment, silently', async () => {
      const p = await s.newPayment();
      const txid = await s.node.send(p.address, p.amount);
      await s.sync();
      await s.node.mine(1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirming');

      await s.node.popBlocks(1);
      await s.node.flushTxpool();
      expect(await inPool(txid)).toBe(false);
      await s.sync();
      const gone = await s.read(p.id);
      expect(gone.status).toBe('awaiting_payment');
      expect(gone.transactions).toEqual([expect.objectContaining({ tx_id: txid, status: 'removed' })]);
      // New blocks on the other branch, and the wallet rescanned: still nothing paid.
      await s.node.mine(2);
      await s.sync();
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('awaiting_payment');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
      ]);
      // A customer paying again afterwards is a fresh detection.
      await s.node.send(p.address, p.amount);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('payment_detected');
    });

    it('a reorg removing one contributing transaction of a confirmed payment: underpaid, fee reversed', async () => {
      const p = await s.newPayment();
      const half = p.amount / 2n;
      await s.node.send(p.address, half);
      await s.node.mine(1);
      await s.node.send(p.address, p.amount - half);
      await s.node.mine(s.confirmations);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirmed');
      expect(await s.ledger(p.id)).toEqual([{ kind: 'fee', amount_usd: '-0.25' }]);

      // The second transfer's block and those above it leave the chain, and the transfer with them.
      await s.node.popBlocks(s.confirmations);
      await s.node.flushTxpool();
      await s.node.mine(s.confirmations + 1);
      await s.sync();
      const after = await s.read(p.id);
      expect(after.status).toBe('underpaid');
      expect(after.amount_received).toBe(half.toString());
      expect(await s.ledger(p.id)).toEqual([
        { kind: 'fee', amount_usd: '-0.25' },
        { kind: 'fee_reversal', amount_usd: '0.25' },
      ]);
      const events = await eventsFor(s.test, p.id);
      expect(events.map((e) => e.event)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
        'payment.underpaid',
      ]);
      expect(events.at(-1)!.data.amount_due).toBe((p.amount - half).toString());
    });
  });

  describe('after the window closes', () => {
    it('a confirming payment whose transaction leaves the chain: expired_reorged; mined again, it is money after the close', async () => {
      const p = await s.newPayment();
      await s.node.send(p.address, p.amount);
      await s.node.mine(1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirming');
      await s.closeWindow(p.id);
      expect(await s.statusOf(p.id)).toBe('confirming');

      await s.node.popBlocks(1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('expired_reorged');
      await s.node.mine(s.confirmations);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('expired_reorged');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.expired_reorged',
        'payment.received_after_close',
      ]);
    });

    it('a confirmed payment whose transaction leaves the chain: expired_reorged, fee reversed', async () => {
      const p = await s.newPayment();
      await s.node.send(p.address, p.amount);
      await s.node.mine(s.confirmations);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirmed');
      await s.closeWindow(p.id);

      await s.node.popBlocks(s.confirmations);
      await s.node.flushTxpool();
      expect((await s.sync()).reorgs).toBe(1);
      expect(await s.statusOf(p.id)).toBe('expired_reorged');
      expect(await s.ledger(p.id)).toEqual([
        { kind: 'fee', amount_usd: '-0.25' },
        { kind: 'fee_reversal', amount_usd: '0.25' },
      ]);
      await s.node.mine(s.confirmations + 1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('expired_reorged');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
        'payment.expired_reorged',
      ]);
    });
  });
});
