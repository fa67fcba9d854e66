import { anvilAvailable } from '@cairn/anvil-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventNamesFor, eventsFor } from '../chains/eventsFor.js';
import { type EvmCoin, type EvmScenario, startEvmScenario } from './startEvmScenario.js';

// The expiry rows of docs/lifecycle.md on a real anvil, for the native coin and USDC: expired with
// nothing paid, expired_underpaid, late revival inside the 12-hour grace (full and partial, from
// expired and from expired_underpaid), and money after the grace (recorded, not revived, reported after
// the close). EVM payments are seen in their block, so a late payment is detected and confirming at
// once.

const HOUR = 3_600_000;

describe.runIf(anvilAvailable('EVM expiry paths'))('EVM expiry paths on anvil', () => {
  let s: EvmScenario;
  beforeAll(async () => {
    s = await startEvmScenario({ confirmations: 2 });
  });
  afterAll(async () => {
    await s?.stop();
  });

  describe.each<EvmCoin>(['ETH', 'USDC'])('%s', (coin) => {
    it('expires with nothing paid', async () => {
      const p = await s.newPayment(coin);
      await s.mine(1);
      await s.sync();
      await s.closeWindow(p.id);
      expect(await s.statusOf(p.id)).toBe('expired');
      await s.sync();
      expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting', 'payment.expired']);
    });

    it('expired_underpaid when the window closes on a partial payment', async () => {
      const p = await s.newPayment(coin);
      await s.pay(coin, p.address, p.amount / 2n);
      await s.mine(2);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('underpaid');
      await s.closeWindow(p.id);
      expect(await s.statusOf(p.id)).toBe('expired_underpaid');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.underpaid',
        'payment.expired_underpaid',
      ]);
    });

    it('a late full payment within the grace: revived, confirmed, never auto-expired again', async () => {
      const p = await s.newPayment(coin);
      await s.closeWindow(p.id);
      expect(await s.statusOf(p.id)).toBe('expired');
      await s.advance(5 * HOUR);
      await s.pay(coin, p.address, p.amount);
      await s.sync();
      expect(await s.read(p.id)).toMatchObject({ status: 'confirming', revived: true });
      await s.closeWindow(p.id);
      expect(await s.statusOf(p.id)).toBe('confirming');
      await s.mine(1);
      await s.sync();
      expect(await s.read(p.id)).toMatchObject({ status: 'confirmed', revived: true });
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.expired',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
    });

    it('a late partial payment within the grace: underpaid and flagged', async () => {
      const p = await s.newPayment(coin);
      await s.closeWindow(p.id);
      await s.advance(11 * HOUR);
      const paid = (p.amount * 60n) / 100n;
      await s.pay(coin, p.address, paid);
      await s.mine(2);
      await s.sync();
      expect(await s.read(p.id)).toMatchObject({ status: 'underpaid', revived: true });
      const events = await eventsFor(s.test, p.id);
      expect(events.map((e) => e.event)).toEqual([
        'payment.awaiting',
        'payment.expired',
        'payment.underpaid',
      ]);
      expect(events[2]!.data.amount_due).toBe((p.amount - paid).toString());
    });

    it('expired_underpaid revives on a late top-up that covers the invoice', async () => {
      const p = await s.newPayment(coin);
      const first = p.amount / 2n;
      await s.pay(coin, p.address, first);
      await s.mine(2);
      await s.sync();
      await s.closeWindow(p.id);
      expect(await s.statusOf(p.id)).toBe('expired_underpaid');
      await s.advance(HOUR);
      await s.pay(coin, p.address, p.amount - first);
      await s.mine(1);
      await s.sync();
      expect(await s.read(p.id)).toMatchObject({ status: 'confirmed', revived: true });
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.underpaid',
        'payment.expired_underpaid',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
    });

    it('a payment after the grace is recorded, not revived, and reported as money after the close', async () => {
      const p = await s.newPayment(coin);
      await s.closeWindow(p.id);
      await s.endLateGrace(p.id);
      expect(await s.statusOf(p.id)).toBe('expired');
      const tx = await s.pay(coin, p.address, p.amount);
      await s.mine(1);
      await s.sync();
      const after = await s.read(p.id);
      expect(after).toMatchObject({ status: 'expired', revived: false });
      expect(after.transactions).toEqual([
        expect.objectContaining({ tx_id: tx, amount: p.amount.toString(), confirmations: 2 }),
      ]);
      const events = await eventsFor(s.test, p.id);
      expect(events.map((e) => e.event)).toEqual([
        'payment.awaiting',
        'payment.expired',
        'payment.received_after_close',
      ]);
      expect(events[2]!.data).toMatchObject({ tx_id: tx, amount: p.amount.toString() });
    });
  });
});
