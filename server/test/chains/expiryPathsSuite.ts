import { expect, it } from 'vitest';
import { eventNamesFor, eventsFor } from './eventsFor.js';
import type { PathsDriver, PathsScenario } from './pathsDriver.js';
import { mineSome } from './paymentPathsSuite.js';

// docs/lifecycle.md, Transitions, through the watcher on any chain family: expiry with nothing paid,
// expired_underpaid, late revival within the 12 h grace (full: detected and flagged, confirmed at the
// required depth, never auto-expired again; partial: underpaid and flagged; from expired and from
// expired_underpaid), and a payment after the grace (recorded, no revival, money after the close).

const HOUR = 3_600_000;

/** The events of a payment paid in part whose window then closed. */
const PARTLY_PAID_EXPIRED = [
  'payment.awaiting',
  'payment.detected',
  'payment.underpaid',
  'payment.expired_underpaid',
];

/**
 * The expiry paths of one family and coin (call inside a `describe`, after the file's `useScenario`):
 * payments sent by the driver's payer, the window and the late grace moved by the scenario's clock. The
 * scenario's required depth must be 2 or more: a late full payment is seen before it is final.
 */
export function expiryPathsSuite(driver: PathsDriver): void {
  const s = () => {
    const scenario = driver.scenario();
    if (scenario.confirmations < 2) throw new Error('the expiry suite needs a required depth of 2 or more');
    return scenario;
  };
  // A full payment first seen in the mempool is payment_detected; one first seen in its block or closed
  // ledger already has a confirmation (of the 2 or more required): confirming.
  const firstSeen = driver.seenInBlock ? 'confirming' : 'payment_detected';
  /** Mines until a transfer just paid (in the mempool, or in its block) is at the required depth. */
  const toDepth = (scenario: PathsScenario) =>
    mineSome(scenario, scenario.confirmations - (driver.seenInBlock ? 1 : 0));
  /** A payment paid half, at depth, whose window has closed: expired_underpaid. */
  const expiredUnderpaid = async () => {
    const p = await s().newPayment();
    const first = p.amount / 2n;
    await s().pay(p, first);
    await toDepth(s());
    await s().sync();
    await s().closeWindow(p.id);
    expect(await s().statusOf(p.id)).toBe('expired_underpaid');
    return { p, first };
  };

  it('expires with nothing paid', async () => {
    const p = await s().newPayment();
    await s().mine(1);
    await s().sync();
    await s().closeWindow(p.id);
    expect(await s().statusOf(p.id)).toBe('expired');
    await s().sync();
    expect(await eventNamesFor(s().test, p.id)).toEqual(['payment.awaiting', 'payment.expired']);
  });

  it('expired_underpaid when the window closes on a partial payment', async () => {
    const p = await s().newPayment();
    await s().pay(p, p.amount / 2n);
    await s().sync();
    await s().mine(2);
    await s().sync();
    expect(await s().statusOf(p.id)).toBe('underpaid');
    await s().closeWindow(p.id);
    expect(await s().statusOf(p.id)).toBe('expired_underpaid');
    expect(await eventNamesFor(s().test, p.id)).toEqual(PARTLY_PAID_EXPIRED);
  });

  it(`a late full payment within the grace: ${firstSeen}, flagged, confirmed at the required depth, never auto-expired again`, async () => {
    const p = await s().newPayment();
    await s().closeWindow(p.id);
    expect(await s().statusOf(p.id)).toBe('expired');
    await s().advance(5 * HOUR);
    await s().pay(p, p.amount);
    await s().sync();
    expect(await s().read(p.id)).toMatchObject({ status: firstSeen, revived: true });
    // The window timer firing again (a retried job) does not expire a revived payment.
    await s().closeWindow(p.id);
    expect(await s().statusOf(p.id)).toBe(firstSeen);
    await toDepth(s());
    await s().sync();
    expect(await s().read(p.id)).toMatchObject({ status: 'confirmed', revived: true });
    await s().closeWindow(p.id);
    expect(await s().statusOf(p.id)).toBe('confirmed');
    expect(await eventNamesFor(s().test, p.id)).toEqual([
      'payment.awaiting',
      'payment.expired',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
  });

  it('a late partial payment within the grace: underpaid and flagged', async () => {
    const p = await s().newPayment();
    await s().closeWindow(p.id);
    await s().advance(11 * HOUR);
    const paid = (p.amount * 60n) / 100n;
    await s().pay(p, paid);
    await s().sync();
    expect(await s().read(p.id)).toMatchObject({ status: 'underpaid', revived: true });
    await s().closeWindow(p.id);
    await toDepth(s());
    await s().sync();
    expect(await s().read(p.id)).toMatchObject({ status: 'underpaid', revived: true });
    const events = await eventsFor(s().test, p.id);
    expect(events.map((e) => e.event)).toEqual(['payment.awaiting', 'payment.expired', 'payment.underpaid']);
    expect(events[2]!.data.amount_due).toBe((p.amount - paid).toString());
  });

  it('expired_underpaid revives on a late top-up that covers the invoice, and confirms at the required depth', async () => {
    const { p, first } = await expiredUnderpaid();
    await s().advance(HOUR);
    await s().pay(p, p.amount - first);
    await s().sync();
    expect(await s().read(p.id)).toMatchObject({ status: firstSeen, revived: true });
    await toDepth(s());
    await s().sync();
    expect(await s().read(p.id)).toMatchObject({ status: 'confirmed', revived: true });
    expect(await eventNamesFor(s().test, p.id)).toEqual([
      ...PARTLY_PAID_EXPIRED,
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
  });

  it('expired_underpaid with a late partial top-up that is still short: underpaid and flagged', async () => {
    const { p, first } = await expiredUnderpaid();
    await s().advance(2 * HOUR);
    const second = p.amount / 5n;
    await s().pay(p, second);
    await s().sync();
    expect(await s().read(p.id)).toMatchObject({ status: 'underpaid', revived: true });
    const events = await eventsFor(s().test, p.id);
    expect(events.map((e) => e.event)).toEqual([...PARTLY_PAID_EXPIRED, 'payment.underpaid']);
    expect(events.at(-1)!.data.amount_due).toBe((p.amount - first - second).toString());
  });

  it('a payment after the grace is recorded, with no revival, and reported as money after the close', async () => {
    const p = await s().newPayment();
    await s().closeWindow(p.id);
    await s().endLateGrace(p.id);
    expect(await s().statusOf(p.id)).toBe('expired');
    const txid = await s().pay(p, p.amount);
    await s().sync();
    expect(await eventNamesFor(s().test, p.id)).toEqual(['payment.awaiting', 'payment.expired']);
    await toDepth(s());
    await s().sync();
    const after = await s().read(p.id);
    expect(after).toMatchObject({ status: 'expired', revived: false });
    expect(after.transactions).toEqual([
      expect.objectContaining({
        tx_id: txid,
        amount: p.amount.toString(),
        confirmations: s().confirmations,
      }),
    ]);
    const events = await eventsFor(s().test, p.id);
    expect(events.map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.expired',
      'payment.received_after_close',
    ]);
    expect(events[2]!.data).toMatchObject({ tx_id: txid, amount: p.amount.toString() });
  });

  it('expired_underpaid after the grace: the partial payment stays as it was, a new transfer is reported', async () => {
    const { p, first } = await expiredUnderpaid();
    await s().endLateGrace(p.id);
    expect(await s().statusOf(p.id)).toBe('expired_underpaid');
    const second = await s().pay(p, p.amount - first);
    await toDepth(s());
    await s().sync();
    const after = await s().read(p.id);
    expect(after).toMatchObject({
      status: 'expired_underpaid',
      revived: false,
      amount_received: p.amount.toString(),
      amount_received_after_close: (p.amount - first).toString(),
    });
    const events = await eventsFor(s().test, p.id);
    expect(events.map((e) => e.event)).toEqual([...PARTLY_PAID_EXPIRED, 'payment.received_after_close']);
    expect(events[4]!.data).toMatchObject({ tx_id: second, amount: (p.amount - first).toString() });
  });
}
