import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { litecoindAvailable } from '../harness/startLitecoind.js';
import { eventNamesFor, eventsFor } from './eventsFor.js';
import { type ChainScenario, startChainScenario } from './startChainScenario.js';

// docs/lifecycle.md, Transitions, driven by a real litecoind -regtest through the watcher: detection
// from the mempool, confirming at 1 confirmation, confirmed at the required depth with the fee,
// partial payments, underpayment and top-up, tolerance, overpayment beyond and within the threshold.

describe.runIf(litecoindAvailable('payment paths on litecoind'))(
  'payment paths on litecoind -regtest',
  () => {
    let s: ChainScenario;
    beforeAll(async () => {
      s = await startChainScenario({ confirmations: 3 });
    });
    afterAll(async () => {
      await s?.stop();
    });

    it('one exact payment: detected from the mempool, confirming at 1, confirmed at the required depth, fee deducted', async () => {
      const p = await s.newPayment();
      expect(p.amount).toBe(31_250_000n); // 25 USD at the demo rate of 80 USD/LTC
      expect(await s.statusOf(p.id)).toBe('awaiting_payment');
      const txid = await s.node.send(p.address, p.amount);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('payment_detected');
      const detected = await s.read(p.id);
      expect(detected.transactions).toEqual([
        expect.objectContaining({ tx_id: txid, amount: p.amount.toString(), confirmations: 0 }),
      ]);
      expect(await s.ledger(p.id)).toEqual([]);

      await s.node.mine(1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirming');
      await s.node.mine(1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirming');
      await s.node.mine(1);
      await s.sync();
      const confirmed = await s.read(p.id);
      expect(confirmed.status).toBe('confirmed');
      expect(confirmed.overpaid).toBe(false);
      expect(confirmed.transactions[0].confirmations).toBe(s.confirmations);
      expect(await s.ledger(p.id)).toEqual([{ kind: 'fee', amount_usd: '-0.25' }]);
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
      const events = await eventsFor(s.test, p.id);
      expect(events.at(-1)!.data.payment.status).toBe('confirmed');

      // More blocks and more syncs report nothing new.
      await s.node.mine(2);
      await s.sync();
      await s.sync();
      expect(await eventNamesFor(s.test, p.id)).toHaveLength(4);
    });

    it('two partial transactions summing to the amount', async () => {
      const p = await s.newPayment();
      const half = p.amount / 2n;
      await s.node.send(p.address, half);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('underpaid');
      const underpaid = (await eventsFor(s.test, p.id)).find((e) => e.event === 'payment.underpaid');
      expect(underpaid?.data.amount_due).toBe((p.amount - half).toString());

      await s.node.send(p.address, p.amount - half);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('payment_detected');
      await s.node.mine(1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirming');
      await s.node.mine(s.confirmations - 1);
      await s.sync();
      const confirmed = await s.read(p.id);
      expect(confirmed.status).toBe('confirmed');
      expect(confirmed.amount_received).toBe(p.amount.toString());
      expect(confirmed.transactions).toHaveLength(2);
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.underpaid',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
    });

    it('underpaid beyond tolerance (mined), then a top-up confirms it', async () => {
      const p = await s.newPayment();
      const first = (p.amount * 90n) / 100n;
      await s.node.send(p.address, first);
      await s.node.mine(s.confirmations);
      await s.sync();
      // Seen at depth at once (it was mined before the watcher looked): detected, then underpaid.
      expect(await s.statusOf(p.id)).toBe('underpaid');
      const events = await eventsFor(s.test, p.id);
      expect(events.map((e) => e.event)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.underpaid',
      ]);
      expect(events[2]!.data.amount_due).toBe((p.amount - first).toString());

      await s.node.send(p.address, p.amount - first);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('payment_detected');
      await s.node.mine(s.confirmations);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirmed');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.underpaid',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
      expect(await s.ledger(p.id)).toEqual([{ kind: 'fee', amount_usd: '-0.25' }]);
    });

    it('a shortfall within the 0.5% tolerance confirms', async () => {
      const p = await s.newPayment();
      const paid = p.amount - (p.amount * 40n) / 10_000n; // 0.4 % short
      await s.node.send(p.address, paid);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('payment_detected');
      await s.node.mine(s.confirmations);
      await s.sync();
      const confirmed = await s.read(p.id);
      expect(confirmed.status).toBe('confirmed');
      expect(confirmed.amount_received).toBe(paid.toString());
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
    });

    it('overpaid beyond the 1% threshold: payment.overpaid with the excess', async () => {
      const p = await s.newPayment();
      const paid = (p.amount * 105n) / 100n;
      await s.node.send(p.address, paid);
      await s.sync();
      await s.node.mine(s.confirmations);
      await s.sync();
      const confirmed = await s.read(p.id);
      expect(confirmed).toMatchObject({ status: 'confirmed', overpaid: true });
      const events = await eventsFor(s.test, p.id);
      expect(events.map((e) => e.event)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
        'payment.overpaid',
      ]);
      expect(events[4]!.data).toMatchObject({
        chain_id: 'LTC_REGTEST',
        coin_symbol: 'LTC',
        excess_amount: (paid - p.amount).toString(),
        excess_display_amount: '0.015625',
      });
    });

    it('overpaid within the threshold confirms silently', async () => {
      const p = await s.newPayment();
      const paid = p.amount + (p.amount * 50n) / 10_000n; // 0.5 % over
      await s.node.send(p.address, paid);
      await s.sync();
      await s.node.mine(s.confirmations);
      await s.sync();
      const confirmed = await s.read(p.id);
      expect(confirmed).toMatchObject({ status: 'confirmed', overpaid: false });
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
    });

    it('a payment to an address nobody watches changes nothing', async () => {
      const p = await s.newPayment();
      await s.node.send(s.node.minerAddress, 100_000_000n);
      await s.node.mine(1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('awaiting_payment');
      expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting']);
    });
  },
);
