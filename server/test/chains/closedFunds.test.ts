import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, sql } from '../api/apiHelpers.js';
import { postForm } from '../checkoutPage/checkoutHelpers.js';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { eventNamesFor, eventsFor } from './eventsFor.js';
import { type ChainScenario, startChainScenario } from './startChainScenario.js';

// Funds on closed payments (docs/decisions.md, "Money after the close", and the recycling of cancelled
// addresses in "Bitcoin family") on a real litecoind -regtest, through the watcher and a verifying
// webhook receiver: a customer who pays and presses Cancel before the next poll; the money is reported
// once, at depth, across watcher restarts; the customer leaves a refund address on the checkout; the
// merchant refunds through the API without the status changing.

describe.runIf(litecoindAvailable('funds on closed payments on litecoind'))(
  'funds on closed payments on litecoind -regtest',
  () => {
    let s: ChainScenario;
    beforeAll(async () => {
      s = await startChainScenario({ confirmations: 2 });
    });
    afterAll(async () => {
      await s?.stop();
    });

    it('paid, then cancelled on the checkout before the poll: reported once at depth, refunded through the API', async () => {
      const p = await s.newPayment();
      const txid = await s.node.send(p.address, p.amount);
      const cancel = await postForm(`${s.test.baseUrl}/checkout/${p.id}/cancel`, {});
      expect(cancel.status).toBe(303);
      await s.sync();
      expect(await s.read(p.id)).toMatchObject({
        status: 'cancelled',
        cancelled_by: 'customer',
        amount_received: p.amount.toString(),
        amount_received_after_close: '0',
      });
      await s.node.mine(1);
      await s.sync();
      expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting', 'payment.cancelled']);
      // Nothing to refund before the money is at depth.
      const refundBody = (txId: string, amount: bigint) => ({
        chain_id: 'LTC_REGTEST',
        coin_symbol: 'LTC',
        tx_id: txId,
        amount: amount.toString(),
      });
      expectError(
        await s.client.post(`/payments/${p.id}/refunds`, refundBody(txid, 1n)),
        'INVALID_PAYMENT_STATE',
      );

      await s.node.mine(1);
      await s.sync();
      const events = await eventsFor(s.test, p.id);
      expect(events.map((e) => e.event)).toEqual([
        'payment.awaiting',
        'payment.cancelled',
        'payment.received_after_close',
      ]);
      expect(events[2]!.data).toMatchObject({
        chain_id: 'LTC_REGTEST',
        coin_symbol: 'LTC',
        tx_id: txid,
        amount: p.amount.toString(),
        display_amount: '0.3125',
        payment: { status: 'cancelled', amount_received_after_close: p.amount.toString() },
      });

      // The customer's wallet gives a refund address on the checkout: announced, status kept.
      const refundTo = await s.node.rpc.call<string>('getnewaddress', ['refund', 'bech32']);
      const asked = await postForm(`${s.test.baseUrl}/checkout/${p.id}/refund`, { refund_address: refundTo });
      expect(asked.status).toBe(303);
      const withAddress = await eventsFor(s.test, p.id);
      expect(withAddress.map((e) => e.event).slice(3)).toEqual(['payment.refund_requested']);
      expect(withAddress[3]!.data.payment).toMatchObject({ status: 'cancelled', refund_address: refundTo });

      // The merchant sends it back (here from another of their wallets) and records it.
      const sentBack = p.amount - 100_000n;
      const refundTx = await s.node.send(refundTo, sentBack);
      expectError(
        await s.client.post(`/payments/${p.id}/refunds`, refundBody(refundTx, p.amount + 1n)),
        'VALIDATION_ERROR',
        'amount',
      );
      const recorded = await s.client.post(`/payments/${p.id}/refunds`, refundBody(refundTx, sentBack));
      expect(recorded.status, recorded.text).toBe(201);
      const after = await s.read(p.id);
      expect(after.status).toBe('cancelled');
      expect(after.refunds).toEqual([
        expect.objectContaining({ tx_id: refundTx, amount: sentBack.toString() }),
      ]);
      await s.node.mine(3);
      await s.sync();
      expect(await eventNamesFor(s.test, p.id)).toHaveLength(4);
    });

    it('a restart between the sighting and the depth, and one that re-reads the blocks, report it once', async () => {
      const p = await s.newPayment();
      expect((await s.client.delete(`/payments/${p.id}`)).status).toBe(200);
      const txid = await s.node.send(p.address, p.amount);
      await s.sync();
      expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting', 'payment.cancelled']);

      // The active instance goes away while the transaction is in the mempool; a fresh one takes over.
      await s.watcher.stop();
      const second = s.newWatcher();
      try {
        await s.node.mine(2);
        await second.syncOnce();
        expect(await eventNamesFor(s.test, p.id)).toEqual([
          'payment.awaiting',
          'payment.cancelled',
          'payment.received_after_close',
        ]);
        // As if it died after reporting but before its cursor was saved: 3 blocks back, a new instance.
        const [cursor] = await sql<{ height: number }>(
          s.test,
          `select height from chain_cursors where chain_id = 'LTC_REGTEST'`,
        );
        const back = cursor!.height - 3;
        const [row] = await sql<{ hash: string }>(
          s.test,
          `select hash from chain_blocks where chain_id = 'LTC_REGTEST' and height = ?`,
          [back],
        );
        await sql(s.test, `update chain_cursors set height = ?, hash = ? where chain_id = 'LTC_REGTEST'`, [
          back,
          row!.hash,
        ]);
        await second.stop();
        const third = s.newWatcher();
        try {
          expect(await third.syncOnce()).toMatchObject({ active: true, blocks: 3, reorgs: 0 });
          await s.node.mine(2);
          await third.syncOnce();
        } finally {
          await third.stop();
        }
      } finally {
        await second.stop();
      }
      const events = await eventsFor(s.test, p.id);
      expect(events.map((e) => e.event)).toEqual([
        'payment.awaiting',
        'payment.cancelled',
        'payment.received_after_close',
      ]);
      expect(events[2]!.data.tx_id).toBe(txid);
      const [marks] = await sql<{ closing: string }>(
        s.test,
        'select closing from transfers where payment_id = ?',
        [p.id],
      );
      expect(marks).toEqual({ closing: 'reported' });
      expect((await s.sync()).active).toBe(true);
    });
  },
);
