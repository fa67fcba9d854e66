import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventNamesFor, eventsFor } from './eventsFor.js';
import {
  type ChainScenario,
  type ScenarioChain,
  type ScenarioNode,
  startScenario,
} from './startChainScenario.js';

// docs/lifecycle.md, Transitions, on chains whose payments are seen only in a closed ledger (XRP
// Ledger, Stellar, Solana at finalized, TRON): no mempool sighting, so a payment is first seen with one
// confirmation. Exact, partial and top-up, a shortfall within tolerance, overpayment beyond and within
// the threshold, at the chain's real required depth of 1 and at a deeper configured one.

/**
 * The payment paths on a ledger chain (call inside a `describe`); `confirmations`: the required depth.
 * `sharedAccount: false` for families that give each payment an address of its own (TRON's
 * forwarders): no tag or memo to check, no payment without one to ignore.
 */
export function ledgerPaymentPathsSuite<N extends ScenarioNode>(
  chain: ScenarioChain<N>,
  options: { confirmations: number; coin: string; sharedAccount?: boolean },
): void {
  const sharedAccount = options.sharedAccount ?? true;
  let s: ChainScenario<N>;
  const depth = options.confirmations;
  beforeAll(async () => {
    s = await startScenario(chain, { confirmations: depth });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  /** The lifecycle events of a full payment, first seen in a ledger (confirmed at once at depth 1). */
  const paidInFull = ['payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.confirmed'];

  it('one exact payment: seen in its ledger, confirmed at the required depth, fee deducted', async () => {
    const p = await s.newPayment();
    expect(p.memo === '').toBe(!sharedAccount);
    const txid = await s.pay(p, p.amount);
    await s.sync();
    const seen = await s.read(p.id);
    expect(seen.transactions).toEqual([
      expect.objectContaining({ tx_id: txid, amount: p.amount.toString(), confirmations: 1 }),
    ]);
    if (depth > 1) {
      expect(seen.status).toBe('confirming');
      await s.node.mine(depth - 1);
      await s.sync();
    }
    const confirmed = await s.read(p.id);
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.transactions[0].confirmations).toBe(depth);
    expect(await s.ledger(p.id)).toEqual([{ kind: 'fee', amount_usd: '-0.25' }]);
    expect(await eventNamesFor(s.test, p.id)).toEqual(paidInFull);
    // More ledgers and more syncs report nothing new.
    await s.node.mine(2);
    await s.sync();
    expect(await eventNamesFor(s.test, p.id)).toHaveLength(paidInFull.length);
  });

  it('a partial payment, then a top-up that completes it', async () => {
    const p = await s.newPayment();
    const first = (p.amount * 90n) / 100n;
    await s.pay(p, first);
    await s.node.mine(depth);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('underpaid');
    const underpaid = (await eventsFor(s.test, p.id)).find((e) => e.event === 'payment.underpaid');
    expect(underpaid?.data.amount_due).toBe((p.amount - first).toString());

    await s.pay(p, p.amount - first);
    await s.node.mine(depth);
    await s.sync();
    const confirmed = await s.read(p.id);
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.amount_received).toBe(p.amount.toString());
    expect(confirmed.transactions).toHaveLength(2);
    const names = await eventNamesFor(s.test, p.id);
    expect(names.slice(0, 3)).toEqual(['payment.awaiting', 'payment.detected', 'payment.underpaid']);
    expect(names.at(-1)).toBe('payment.confirmed');
  });

  it('a shortfall within the 0.5% tolerance confirms', async () => {
    const p = await s.newPayment();
    const paid = p.amount - (p.amount * 40n) / 10_000n;
    await s.pay(p, paid);
    await s.node.mine(depth);
    await s.sync();
    expect(await s.read(p.id)).toMatchObject({ status: 'confirmed', amount_received: paid.toString() });
  });

  it('overpaid beyond the 1% threshold: payment.overpaid with the exact excess', async () => {
    const p = await s.newPayment();
    const paid = (p.amount * 105n) / 100n;
    await s.pay(p, paid);
    await s.node.mine(depth);
    await s.sync();
    expect(await s.read(p.id)).toMatchObject({ status: 'confirmed', overpaid: true });
    const events = await eventsFor(s.test, p.id);
    expect(events.at(-1)).toMatchObject({
      event: 'payment.overpaid',
      data: {
        chain_id: chain.chainId,
        coin_symbol: options.coin,
        excess_amount: (paid - p.amount).toString(),
      },
    });
  });

  it('overpaid within the threshold confirms silently', async () => {
    const p = await s.newPayment();
    const paid = p.amount + (p.amount * 50n) / 10_000n;
    await s.pay(p, paid);
    await s.node.mine(depth);
    await s.sync();
    expect(await s.read(p.id)).toMatchObject({ status: 'confirmed', overpaid: false });
    expect(await eventNamesFor(s.test, p.id)).toEqual(paidInFull);
  });

  if (!sharedAccount) return;
  it("a payment to the merchant's account without the payment's tag or memo is credited to no payment", async () => {
    const p = await s.newPayment();
    await s.node.send(p.address, p.amount);
    await s.node.mine(depth);
    await s.sync();
    const read = await s.read(p.id);
    expect(read.status).toBe('awaiting_payment');
    expect(read.transactions).toEqual([]);
    // The same payment with its tag is seen at once: the watcher was looking.
    await s.pay(p, p.amount);
    await s.node.mine(depth);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
  });
}
