import { outputScriptOf } from '@cairn/chain-utxo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainWatcher } from '../../src/chains/watchers/ChainWatcher.js';
import { expectError, sql } from '../api/apiHelpers.js';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { eventNamesFor, eventsFor } from './eventsFor.js';
import { type ChainScenario, startChainScenario } from './startChainScenario.js';

// The watcher as an operator runs it, on a real litecoind -regtest: one active watcher per chain
// across instances (advisory lock), takeover when it stops, idempotent re-processing after a restart
// or a crash before the cursor moved, and a merchant cancel racing a detection.

const waitFor = async (probe: () => Promise<boolean> | boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.runIf(litecoindAvailable('watcher instances on litecoind'))(
  'watcher instances on litecoind -regtest',
  () => {
    let s: ChainScenario;
    beforeAll(async () => {
      s = await startChainScenario({ confirmations: 2 });
    });
    afterAll(async () => {
      await s?.stop();
    });

    const transferRows = async (paymentId: string) =>
      sql<{ tx_id: string; confirmations: number }>(
        s.test,
        'select tx_id, confirmations from transfers where payment_id = ? order by tx_id',
        [paymentId],
      );

    it('exactly one instance watches a chain; the other stands by and takes over when it stops', async () => {
      const other: ChainWatcher = s.newWatcher();
      try {
        expect((await s.sync()).active).toBe(true);
        expect((await other.syncOnce()).active).toBe(false);
        expect(other.status().role).toBe('standby');

        const p = await s.newPayment();
        await s.node.send(p.address, p.amount);
        await other.syncOnce();
        expect(await s.statusOf(p.id)).toBe('awaiting_payment');
        await s.sync();
        expect(await s.statusOf(p.id)).toBe('payment_detected');

        // The active instance goes away (shutdown): the standby takes the lock and carries on from the
        // stored cursor, with a fresh in-memory index.
        await s.watcher.stop();
        expect(s.watcher.status().role).toBe('stopped');
        await s.node.mine(2);
        const takeover = await other.syncOnce();
        expect(takeover).toMatchObject({ active: true, blocks: 2 });
        expect(other.status().role).toBe('active');
        expect(await s.statusOf(p.id)).toBe('confirmed');
        expect(await eventNamesFor(s.test, p.id)).toEqual([
          'payment.awaiting',
          'payment.detected',
          'payment.confirming',
          'payment.confirmed',
        ]);
        // The first instance comes back: now it is the one standing by.
        expect((await s.sync()).active).toBe(false);
      } finally {
        await other.stop();
      }
      expect((await s.sync()).active).toBe(true);
    });

    it('background loops: one active at a time, takeover within seconds of the active one stopping', async () => {
      const a = s.newWatcher();
      const b = s.newWatcher();
      await s.watcher.stop();
      a.start();
      b.start();
      try {
        await waitFor(() => [a, b].some((w) => w.status().role === 'active'));
        await new Promise((r) => setTimeout(r, 1500));
        const roles = [a.status().role, b.status().role].sort();
        expect(roles).toEqual(['active', 'standby']);
        const [active, standby] = a.status().role === 'active' ? [a, b] : [b, a];

        const p = await s.newPayment();
        await s.node.send(p.address, p.amount);
        await waitFor(async () => (await s.statusOf(p.id)) === 'payment_detected');

        await active.stop();
        await waitFor(() => standby.status().role === 'active');
        await s.node.mine(2);
        await waitFor(async () => (await s.statusOf(p.id)) === 'confirmed');
        expect(await eventNamesFor(s.test, p.id)).toEqual([
          'payment.awaiting',
          'payment.detected',
          'payment.confirming',
          'payment.confirmed',
        ]);
      } finally {
        await a.stop();
        await b.stop();
      }
      expect((await s.sync()).active).toBe(true);
    });

    it('re-processing blocks after a crash before the cursor moved reports nothing twice', async () => {
      const p = await s.newPayment();
      const txid = await s.node.send(p.address, p.amount);
      await s.sync();
      await s.node.mine(2);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirmed');
      const before = { events: await eventNamesFor(s.test, p.id), transfers: await transferRows(p.id) };
      expect(before.transfers).toEqual([{ tx_id: txid, confirmations: 2 }]);

      // As if the process died after reporting but before the cursor was saved: move it back 3 blocks
      // and restart with a fresh instance (empty index, empty mempool memory).
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
      await s.watcher.stop();
      const restarted = s.newWatcher();
      try {
        const result = await restarted.syncOnce();
        expect(result).toMatchObject({ active: true, blocks: 3, reorgs: 0 });
        expect(await eventNamesFor(s.test, p.id)).toEqual(before.events);
        expect(await transferRows(p.id)).toEqual(before.transfers);
        const [sightings] = await sql<{ n: string }>(
          s.test,
          'select count(*)::text as n from chain_sightings where tx_id = ?',
          [txid],
        );
        expect(sightings!.n).toBe('1');
      } finally {
        await restarted.stop();
      }
      expect((await s.sync()).active).toBe(true);
    });

    it('catches up a long outage in steps of 200 blocks, finding the payment mined in it', async () => {
      const p = await s.newPayment();
      await s.sync();
      await s.node.mine(230);
      await s.node.send(p.address, p.amount);
      await s.node.mine(30);
      // While the node's mempool had it, the watcher was away; it is found in its block on the way.
      const first = await s.sync();
      expect(first).toMatchObject({ blocks: 200, caughtUp: false });
      expect(await s.statusOf(p.id)).toBe('awaiting_payment');
      const second = await s.sync();
      expect(second).toMatchObject({ blocks: 60, caughtUp: true });
      expect(await s.statusOf(p.id)).toBe('confirmed');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
    });

    it('a payment picked before chain watching existed (no deposit-target row) is watched after a restart', async () => {
      const p = await s.newPayment();
      await sql(s.test, 'delete from deposit_targets where payment_id = ?', [p.id]);
      await s.watcher.stop();
      const restarted = s.newWatcher();
      try {
        await restarted.syncOnce();
        const rows = await sql<{ address: string; match_key: string }>(
          s.test,
          'select address, match_key from deposit_targets where payment_id = ?',
          [p.id],
        );
        expect(rows).toEqual([{ address: p.address, match_key: outputScriptOf('LTC_REGTEST', p.address) }]);
        await s.node.send(p.address, p.amount);
        await restarted.syncOnce();
        expect(await s.statusOf(p.id)).toBe('payment_detected');
      } finally {
        await restarted.stop();
      }
      expect((await s.sync()).active).toBe(true);
    });

    describe('a merchant cancel racing a detection', () => {
      it('cancel first: cancelled; the late detection is recorded, changes no status, and is reported once at depth', async () => {
        const p = await s.newPayment();
        const txid = await s.node.send(p.address, p.amount);
        expect((await s.client.delete(`/payments/${p.id}`)).status).toBe(200);
        await s.sync();
        const read = await s.read(p.id);
        expect(read).toMatchObject({ status: 'cancelled', cancelled_by: 'merchant' });
        expect(read.transactions).toEqual([
          expect.objectContaining({ tx_id: txid, received_after_close: false }),
        ]);
        expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting', 'payment.cancelled']);

        // At the required depth (2) the money is real: payment.received_after_close, status kept.
        await s.node.mine(2);
        await s.sync();
        await s.node.mine(1);
        await s.sync();
        const events = await eventsFor(s.test, p.id);
        expect(events.map((e) => e.event)).toEqual([
          'payment.awaiting',
          'payment.cancelled',
          'payment.received_after_close',
        ]);
        const after = await s.read(p.id);
        expect(events[2]!.data).toEqual({
          payment: expect.objectContaining({
            id: p.id,
            status: 'cancelled',
            amount_received_after_close: p.amount.toString(),
          }),
          chain_id: 'LTC_REGTEST',
          coin_symbol: 'LTC',
          tx_id: txid,
          output_index: after.transactions[0].output_index,
          amount: p.amount.toString(),
          display_amount: '0.3125',
        });
        expect(after).toMatchObject({
          status: 'cancelled',
          amount_received_after_close: p.amount.toString(),
        });
        expect(after.transactions).toEqual([
          expect.objectContaining({ tx_id: txid, confirmations: 2, received_after_close: true }),
        ]);
      });

      it('detection first: payment_detected; the cancel is refused with PAYMENT_NOT_CANCELLABLE', async () => {
        const p = await s.newPayment();
        await s.node.send(p.address, p.amount);
        await s.sync();
        expectError(await s.client.delete(`/payments/${p.id}`), 'PAYMENT_NOT_CANCELLABLE');
        expect(await s.statusOf(p.id)).toBe('payment_detected');
        expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting', 'payment.detected']);
      });

      it('concurrent: exactly one wins every time, never an invalid state', async () => {
        const outcomes = { cancelled: 0, detected: 0 };
        for (let round = 0; round < 8; round += 1) {
          const p = await s.newPayment();
          await s.node.send(p.address, p.amount);
          const delay = round * 20;
          const [cancel] = await Promise.all([
            new Promise((r) => setTimeout(r, delay)).then(() => s.client.delete(`/payments/${p.id}`)),
            s.sync(),
          ]);
          await s.sync();
          const status = await s.statusOf(p.id);
          const events = await eventNamesFor(s.test, p.id);
          if (cancel.status === 200) {
            outcomes.cancelled += 1;
            expect(status).toBe('cancelled');
            expect(events).toEqual(['payment.awaiting', 'payment.cancelled']);
          } else {
            outcomes.detected += 1;
            expectError(cancel, 'PAYMENT_NOT_CANCELLABLE');
            expect(status).toBe('payment_detected');
            expect(events).toEqual(['payment.awaiting', 'payment.detected']);
          }
        }
        expect(outcomes.cancelled + outcomes.detected).toBe(8);
      });
    });
  },
);
