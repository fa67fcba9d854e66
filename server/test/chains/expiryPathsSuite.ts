import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventNamesFor, eventsFor } from './eventsFor.js';
import {
  type ChainScenario,
  type ScenarioChain,
  type ScenarioNode,
  startScenario,
} from './startChainScenario.js';

// docs/lifecycle.md, Transitions: expiry with nothing paid, expired_underpaid, late revival within
// the 12 h grace (full: payment_detected and flagged, never auto-expired again; partial: underpaid and
// flagged), and a payment after the grace (recorded, no revival); on the real node of the chain it is given.

const HOUR = 3_600_000;

/**
 * The expiry paths, on any chain with a real node (call inside a `describe`): 2 confirmations, payments
 * sent by the node's payer, the window and the late grace moved by the scenario's manual clock.
 */
export function expiryPathsSuite<N extends ScenarioNode>(chain: ScenarioChain<N>): void {
  let s: ChainScenario<N>;
  // A full payment first seen in the mempool is payment_detected; one first seen in a closed ledger
  // already has a confirmation (of the 2 required here): confirming.
  const firstSeen = chain.seenInBlock ? 'confirming' : 'payment_detected';
  beforeAll(async () => {
    s = await startScenario(chain, { confirmations: 2 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('expires with nothing paid', async () => {
    const p = await s.newPayment();
    await s.node.mine(1);
    await s.sync();
    await s.closeWindow(p.id);
    expect(await s.statusOf(p.id)).toBe('expired');
    await s.sync();
    expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting', 'payment.expired']);
  });

  it('expired_underpaid when the window closes on a partial payment', async () => {
    const p = await s.newPayment();
    await s.pay(p, p.amount / 2n);
    await s.sync();
    await s.node.mine(2);
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

  it('a late full payment within the grace: payment_detected, flagged, never auto-expired again', async () => {
    const p = await s.newPayment();
    await s.closeWindow(p.id);
    expect(await s.statusOf(p.id)).toBe('expired');
    await s.advance(5 * HOUR);
    await s.pay(p, p.amount);
    await s.sync();
    const revived = await s.read(p.id);
    expect(revived).toMatchObject({ status: firstSeen, revived: true });
    // The window timer firing again (a retried job) does not expire a revived payment.
    await s.closeWindow(p.id);
    expect(await s.statusOf(p.id)).toBe(firstSeen);
    await s.node.mine(2);
    await s.sync();
    expect(await s.read(p.id)).toMatchObject({ status: 'confirmed', revived: true });
    await s.closeWindow(p.id);
    expect(await s.statusOf(p.id)).toBe('confirmed');
    expect(await eventNamesFor(s.test, p.id)).toEqual([
      'payment.awaiting',
      'payment.expired',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
  });

  it('a late partial payment within the grace: underpaid and flagged', async () => {
    const p = await s.newPayment();
    await s.closeWindow(p.id);
    await s.advance(11 * HOUR);
    const paid = (p.amount * 60n) / 100n;
    await s.pay(p, paid);
    await s.sync();
    expect(await s.read(p.id)).toMatchObject({ status: 'underpaid', revived: true });
    await s.closeWindow(p.id);
    await s.node.mine(2);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('underpaid');
    const events = await eventsFor(s.test, p.id);
    expect(events.map((e) => e.event)).toEqual(['payment.awaiting', 'payment.expired', 'payment.underpaid']);
    expect(events[2]!.data.amount_due).toBe((p.amount - paid).toString());
  });

  it('expired_underpaid revives on a late top-up that covers the invoice', async () => {
    const p = await s.newPayment();
    const first = p.amount / 2n;
    await s.pay(p, first);
    await s.node.mine(2);
    await s.sync();
    await s.closeWindow(p.id);
    expect(await s.statusOf(p.id)).toBe('expired_underpaid');
    await s.advance(HOUR);
    await s.pay(p, p.amount - first);
    await s.sync();
    expect(await s.read(p.id)).toMatchObject({ status: firstSeen, revived: true });
    await s.node.mine(2);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
  });

  it('expired_underpaid with a late partial top-up that is still short: underpaid and flagged', async () => {
    const p = await s.newPayment();
    const first = p.amount / 2n;
    await s.pay(p, first);
    await s.node.mine(2);
    await s.sync();
    await s.closeWindow(p.id);
    expect(await s.statusOf(p.id)).toBe('expired_underpaid');
    await s.advance(2 * HOUR);
    const second = p.amount / 5n;
    await s.pay(p, second);
    await s.sync();
    expect(await s.read(p.id)).toMatchObject({ status: 'underpaid', revived: true });
    const events = await eventsFor(s.test, p.id);
    expect(events.map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.underpaid',
      'payment.expired_underpaid',
      'payment.underpaid',
    ]);
    expect(events.at(-1)!.data.amount_due).toBe((p.amount - first - second).toString());
  });

  it('a payment after the grace is recorded, with no revival, and reported as money after the close', async () => {
    const p = await s.newPayment();
    await s.closeWindow(p.id);
    await s.endLateGrace(p.id);
    expect(await s.statusOf(p.id)).toBe('expired');
    const txid = await s.pay(p, p.amount);
    await s.sync();
    expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting', 'payment.expired']);
    await s.node.mine(2);
    await s.sync();
    const after = await s.read(p.id);
    expect(after).toMatchObject({ status: 'expired', revived: false });
    expect(after.transactions).toEqual([
      expect.objectContaining({ tx_id: txid, amount: p.amount.toString(), confirmations: 2 }),
    ]);
    const events = await eventsFor(s.test, p.id);
    expect(events.map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.expired',
      'payment.received_after_close',
    ]);
    expect(events[2]!.data).toMatchObject({ tx_id: txid, amount: p.amount.toString() });
  });

  it('expired_underpaid after the grace: the partial payment stays as it was, a new transfer is reported', async () => {
    const p = await s.newPayment();
    const first = p.amount / 2n;
    await s.pay(p, first);
    await s.node.mine(2);
    await s.sync();
    await s.closeWindow(p.id);
    await s.endLateGrace(p.id);
    expect(await s.statusOf(p.id)).toBe('expired_underpaid');
    const second = await s.pay(p, p.amount - first);
    await s.node.mine(2);
    await s.sync();
    const after = await s.read(p.id);
    expect(after).toMatchObject({
      status: 'expired_underpaid',
      amount_received: p.amount.toString(),
      amount_received_after_close: (p.amount - first).toString(),
    });
    const events = await eventsFor(s.test, p.id);
    expect(events.map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.underpaid',
      'payment.expired_underpaid',
      'payment.received_after_close',
    ]);
    expect(events[4]!.data).toMatchObject({ tx_id: second, amount: (p.amount - first).toString() });
  });
}
