import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { eventNamesFor, eventsFor } from './eventsFor.js';
import {
  activeConfirmations,
  blockHashAt,
  broadcast,
  conflictingPair,
  generateBlock,
  inMempool,
  invalidateBlock,
} from './reorgTools.js';
import { type ChainScenario, startChainScenario } from './startChainScenario.js';

// docs/lifecycle.md, the reorg rows and decisions (a reorg before the window closes recomputes from the
// remaining transfers), on a real litecoind -regtest: reorgs made with invalidateblock, double-spends
// mined with generateblock. The watcher finds the fork point by parent hash and judges depth on the
// active chain only.

describe.runIf(litecoindAvailable('reorg paths on litecoind'))('reorg paths on litecoind -regtest', () => {
  let s: ChainScenario;
  beforeAll(async () => {
    s = await startChainScenario({ confirmations: 3 });
  });
  afterAll(async () => {
    await s?.stop();
  });

  describe('before the window closes', () => {
    it('the transaction goes back to the mempool: payment_detected, then confirms when re-mined', async () => {
      const p = await s.newPayment();
      const txid = await s.node.send(p.address, p.amount);
      await s.sync();
      const [block] = await s.node.mine(1);
      const result = await s.sync();
      expect(result.reorgs).toBe(0);
      expect(await s.statusOf(p.id)).toBe('confirming');

      await invalidateBlock(s.node, block!);
      expect(await inMempool(s.node, txid)).toBe(true);
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

    it('the transaction is gone after the reorg (no longer final): back to awaiting_payment, silently', async () => {
      const p = await s.newPayment();
      const height = await s.node.height();
      // Valid only in blocks above `height`: once the reorg drops the chain below it, the node cannot
      // put it back in its mempool.
      const { pay } = await conflictingPair(s.node, p.address, p.amount, { locktime: height });
      await broadcast(s.node, pay);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('payment_detected');
      await s.node.mine(1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirming');

      await invalidateBlock(s.node, await blockHashAt(s.node, height));
      expect(await inMempool(s.node, pay.txid)).toBe(false);
      // With -txindex the node still knows the transaction: only its active-chain depth tells.
      expect(await activeConfirmations(s.node, pay.txid)).toBe(0);
      await s.node.rpc.call('abandontransaction', [pay.txid]).catch(() => undefined);
      await s.sync();
      const gone = await s.read(p.id);
      expect(gone.status).toBe('awaiting_payment');
      expect(gone.transactions).toEqual([expect.objectContaining({ tx_id: pay.txid, status: 'removed' })]);
      await s.node.mine(2);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('awaiting_payment');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
      ]);
    });

    it('the transaction is double-spent in the replacing branch (generateblock): back to awaiting_payment', async () => {
      const p = await s.newPayment();
      const { pay, conflict } = await conflictingPair(s.node, p.address, p.amount);
      await broadcast(s.node, pay);
      await s.sync();
      const [block] = await s.node.mine(1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirming');

      await invalidateBlock(s.node, block!);
      await generateBlock(s.node, [conflict]);
      expect(await inMempool(s.node, pay.txid)).toBe(false);
      await s.node.mine(1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('awaiting_payment');
      // A customer paying again afterwards is a fresh detection.
      await s.node.send(p.address, p.amount);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('payment_detected');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.detected',
      ]);
    });

    it('a mempool transaction double-spent by a mined conflict is removed', async () => {
      const p = await s.newPayment();
      const { pay, conflict } = await conflictingPair(s.node, p.address, p.amount);
      await broadcast(s.node, pay);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('payment_detected');
      await generateBlock(s.node, [conflict]);
      await s.sync();
      const read = await s.read(p.id);
      expect(read.status).toBe('awaiting_payment');
      expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting', 'payment.detected']);
    });

    it('a reorg removing one contributing transaction of a confirmed payment: underpaid, fee reversed', async () => {
      const p = await s.newPayment();
      const half = p.amount / 2n;
      await s.node.send(p.address, half);
      await s.node.mine(1);
      const { pay, conflict } = await conflictingPair(s.node, p.address, p.amount - half);
      await broadcast(s.node, pay);
      const [second] = await s.node.mine(1);
      await s.node.mine(s.confirmations - 1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirmed');
      expect(await s.ledger(p.id)).toEqual([{ kind: 'fee', amount_usd: '-0.25' }]);

      await invalidateBlock(s.node, second!);
      await generateBlock(s.node, [conflict]);
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
    it('a confirming payment whose transaction leaves the chain: expired_reorged', async () => {
      const p = await s.newPayment();
      await s.node.send(p.address, p.amount);
      const [block] = await s.node.mine(1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirming');
      await s.closeWindow(p.id);
      expect(await s.statusOf(p.id)).toBe('confirming');

      await invalidateBlock(s.node, block!);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('expired_reorged');
      // It does not revive when the transaction is mined again: that is money after the close.
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
      const [block] = await s.node.mine(s.confirmations);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirmed');
      await s.closeWindow(p.id);
      expect(await s.statusOf(p.id)).toBe('confirmed');

      await invalidateBlock(s.node, block!);
      const result = await s.sync();
      expect(result.reorgs).toBe(1);
      expect(await s.statusOf(p.id)).toBe('expired_reorged');
      expect(await s.ledger(p.id)).toEqual([
        { kind: 'fee', amount_usd: '-0.25' },
        { kind: 'fee_reversal', amount_usd: '0.25' },
      ]);
      await s.node.mine(s.confirmations + 1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('expired_reorged');
      const events = await eventsFor(s.test, p.id);
      expect(events.map((e) => e.event)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
        'payment.expired_reorged',
        'payment.received_after_close',
      ]);
      // The same transaction, mined again: refundable, the fee stays reversed.
      expect(events[5]!.data.payment).toMatchObject({
        status: 'expired_reorged',
        amount_received_after_close: p.amount.toString(),
      });
      expect(await s.ledger(p.id)).toHaveLength(2);
    });
  });
});
