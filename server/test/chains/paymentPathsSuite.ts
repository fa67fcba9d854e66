import { formatUnits } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import { expect, it } from 'vitest';
import { eventNamesFor, eventsFor } from './eventsFor.js';
import type { PathsDriver, PathsScenario } from './pathsDriver.js';

// docs/lifecycle.md, Transitions, through the watcher on any chain family: an exact payment detected,
// confirming and confirmed with its events in order and the fee; partial transfers summed; underpaid
// then topped up; a shortfall within the tolerance; overpayment beyond and within the threshold; money
// elsewhere or without the payment's memo changes nothing. A family with a mempool sees a payment
// there first (payment_detected, 0 confirmations); a family without one sees it in its block.

/** The lifecycle events of a payment paid in full and confirmed. */
export const PAID_IN_FULL = [
  'payment.awaiting',
  'payment.detected',
  'payment.confirming',
  'payment.confirmed',
];

/** The events of a payment underpaid first, then completed and confirmed. */
const TOPPED_UP = [
  'payment.awaiting',
  'payment.detected',
  'payment.underpaid',
  'payment.detected',
  'payment.confirming',
  'payment.confirmed',
];

/** Mines `count` blocks; none when `count` is 0 (a node's mine(0) may still mine one). */
export async function mineSome(s: PathsScenario, count: number): Promise<void> {
  if (count > 0) await s.mine(count);
}

/**
 * The status of a payment whose full amount was just seen: in the mempool, payment_detected; in a
 * block (one confirmation), confirming, or confirmed at a required depth of 1.
 */
export function fullySeen(driver: PathsDriver, s: PathsScenario): string {
  if (!driver.seenInBlock) return 'payment_detected';
  return s.confirmations > 1 ? 'confirming' : 'confirmed';
}

/**
 * The payment paths of one family and coin (call inside a `describe`, after the file's `useScenario`).
 * The scenario's required depth may be any; payments are 25 USD.
 */
export function paymentPathsSuite(driver: PathsDriver): void {
  const [chainId, coin] = driver.token.split(':') as [string, string];
  const decimals = getChain(chainId)?.coins.find((c) => c.symbol === coin)?.decimals;
  if (decimals === undefined) throw new Error(`no coin ${driver.token} in the registry`);
  const s = () => driver.scenario();
  /** Mines until a transfer just seen (mempool or block) is at the required depth. */
  const toDepth = (scenario: PathsScenario) =>
    mineSome(scenario, scenario.confirmations - (driver.seenInBlock ? 1 : 0));

  it('one exact payment: detected, confirming, confirmed at the required depth with its events in order, fee deducted', async () => {
    const p = await s().newPayment();
    await driver.checkPayment?.(p);
    expect(Boolean(p.memo)).toBe(driver.payWithoutMemo !== undefined);
    expect(await s().statusOf(p.id)).toBe('awaiting_payment');
    const txid = await s().pay(p, p.amount);
    await s().sync();
    if (!driver.seenInBlock) {
      const detected = await s().read(p.id);
      expect(detected.status).toBe('payment_detected');
      expect(detected.transactions).toEqual([
        expect.objectContaining({ tx_id: txid, amount: p.amount.toString(), confirmations: 0 }),
      ]);
      expect(await s().ledger(p.id)).toEqual([]);
      await s().mine(1);
      await s().sync();
    }
    const seen = await s().read(p.id);
    expect(seen.transactions).toEqual([
      expect.objectContaining({ tx_id: txid, amount: p.amount.toString(), confirmations: 1 }),
    ]);
    if (s().confirmations > 1) {
      expect(seen.status).toBe('confirming');
      expect(await s().ledger(p.id)).toEqual([]);
      if (s().confirmations > 2) {
        await s().mine(s().confirmations - 2);
        await s().sync();
        expect(await s().statusOf(p.id)).toBe('confirming');
      }
      await s().mine(1);
      await s().sync();
    }
    const confirmed = await s().read(p.id);
    expect(confirmed).toMatchObject({ status: 'confirmed', overpaid: false });
    expect(confirmed.transactions[0].confirmations).toBe(s().confirmations);
    expect(await s().ledger(p.id)).toEqual([{ kind: 'fee', amount_usd: '-0.25' }]);
    const events = await eventsFor(s().test, p.id);
    expect(events.map((e) => e.event)).toEqual(PAID_IN_FULL);
    expect(events.at(-1)!.data.payment.status).toBe('confirmed');
    await driver.checkConfirmed?.(p, txid);

    // More blocks and more syncs report nothing new.
    await s().mine(2);
    await s().sync();
    await s().sync();
    expect(await eventNamesFor(s().test, p.id)).toHaveLength(PAID_IN_FULL.length);
  });

  it('two partial transfers summing to the amount: underpaid with the amount due, then confirmed', async () => {
    const p = await s().newPayment();
    const half = p.amount / 2n;
    await s().pay(p, half);
    await s().sync();
    expect(await s().statusOf(p.id)).toBe('underpaid');
    const underpaid = (await eventsFor(s().test, p.id)).find((e) => e.event === 'payment.underpaid');
    expect(underpaid?.data.amount_due).toBe((p.amount - half).toString());

    await s().pay(p, p.amount - half);
    await s().sync();
    expect(await s().statusOf(p.id)).toBe(fullySeen(driver, s()));
    if (!driver.seenInBlock) {
      await s().mine(1);
      await s().sync();
      expect(await s().statusOf(p.id)).toBe(s().confirmations > 1 ? 'confirming' : 'confirmed');
    }
    await mineSome(s(), s().confirmations - 1);
    await s().sync();
    const confirmed = await s().read(p.id);
    expect(confirmed).toMatchObject({ status: 'confirmed', amount_received: p.amount.toString() });
    expect(confirmed.transactions).toHaveLength(2);
    expect(await eventNamesFor(s().test, p.id)).toEqual(TOPPED_UP);
  });

  it('underpaid beyond the tolerance (at depth), then a top-up confirms it', async () => {
    const p = await s().newPayment();
    const first = (p.amount * 90n) / 100n;
    await s().pay(p, first);
    await s().mine(s().confirmations);
    await s().sync();
    // Seen at depth at once (it was mined before the watcher looked): detected, then underpaid.
    expect(await s().statusOf(p.id)).toBe('underpaid');
    const events = await eventsFor(s().test, p.id);
    expect(events.map((e) => e.event)).toEqual(['payment.awaiting', 'payment.detected', 'payment.underpaid']);
    expect(events[2]!.data.amount_due).toBe((p.amount - first).toString());

    await s().pay(p, p.amount - first);
    await s().sync();
    expect(await s().statusOf(p.id)).toBe(fullySeen(driver, s()));
    await s().mine(s().confirmations);
    await s().sync();
    const confirmed = await s().read(p.id);
    expect(confirmed).toMatchObject({ status: 'confirmed', amount_received: p.amount.toString() });
    expect(confirmed.transactions).toHaveLength(2);
    expect(await eventNamesFor(s().test, p.id)).toEqual(TOPPED_UP);
    expect(await s().ledger(p.id)).toEqual([{ kind: 'fee', amount_usd: '-0.25' }]);
  });

  it('a shortfall within the 0.5% tolerance confirms', async () => {
    const p = await s().newPayment();
    const paid = p.amount - (p.amount * 40n) / 10_000n; // 0.4 % short
    await s().pay(p, paid);
    await s().sync();
    expect(await s().statusOf(p.id)).toBe(fullySeen(driver, s()));
    await toDepth(s());
    await s().sync();
    expect(await s().read(p.id)).toMatchObject({ status: 'confirmed', amount_received: paid.toString() });
    expect(await eventNamesFor(s().test, p.id)).toEqual(PAID_IN_FULL);
  });

  it('overpaid beyond the 1% threshold: payment.overpaid with the exact excess', async () => {
    const p = await s().newPayment();
    const paid = (p.amount * 105n) / 100n;
    await s().pay(p, paid);
    await toDepth(s());
    await s().sync();
    expect(await s().read(p.id)).toMatchObject({ status: 'confirmed', overpaid: true });
    const events = await eventsFor(s().test, p.id);
    expect(events.map((e) => e.event)).toEqual([...PAID_IN_FULL, 'payment.overpaid']);
    expect(events[4]!.data).toMatchObject({
      chain_id: chainId,
      coin_symbol: coin,
      excess_amount: (paid - p.amount).toString(),
      excess_display_amount: formatUnits(paid - p.amount, decimals),
    });
    if (driver.overpaidExcessDisplay !== undefined)
      expect(events[4]!.data.excess_display_amount).toBe(driver.overpaidExcessDisplay);
  });

  it('overpaid within the threshold confirms silently', async () => {
    const p = await s().newPayment();
    const paid = p.amount + (p.amount * 50n) / 10_000n; // 0.5 % over
    await s().pay(p, paid);
    await s().sync();
    await toDepth(s());
    await s().sync();
    expect(await s().read(p.id)).toMatchObject({ status: 'confirmed', overpaid: false });
    expect(await eventNamesFor(s().test, p.id)).toEqual(PAID_IN_FULL);
  });

  if (driver.payElsewhere) {
    const payElsewhere = driver.payElsewhere;
    it('a payment to an address nobody watches for the payment changes nothing', async () => {
      const p = await s().newPayment();
      await payElsewhere(p);
      await s().mine(1);
      await s().sync();
      expect(await s().statusOf(p.id)).toBe('awaiting_payment');
      expect(await eventNamesFor(s().test, p.id)).toEqual(['payment.awaiting']);
      // The payment's own target paid is seen at once: the watcher was looking.
      await s().pay(p, p.amount);
      await s().sync();
      expect(await s().statusOf(p.id)).toBe(fullySeen(driver, s()));
    });
  }

  if (driver.payWithoutMemo) {
    const payWithoutMemo = driver.payWithoutMemo;
    it("a payment to the merchant's account without the payment's tag or memo is credited to no payment", async () => {
      const p = await s().newPayment();
      await payWithoutMemo(p, p.amount);
      await s().mine(s().confirmations);
      await s().sync();
      const read = await s().read(p.id);
      expect(read.status).toBe('awaiting_payment');
      expect(read.transactions).toEqual([]);
      // The same payment with its tag is seen at once: the watcher was looking.
      await s().pay(p, p.amount);
      await s().mine(s().confirmations);
      await s().sync();
      expect(await s().statusOf(p.id)).toBe('confirmed');
    });
  }
}
