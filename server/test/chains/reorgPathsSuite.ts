import { afterEach, describe, expect, it } from 'vitest';
import { clientFor } from '../api/apiHelpers.js';
import { eventNamesFor, eventsFor } from './eventsFor.js';
import type { PathsScenario, ReorgDriver } from './pathsDriver.js';
import { fullySeen, mineSome, PAID_IN_FULL } from './paymentPathsSuite.js';
import type { ScenarioPayment } from './startChainScenario.js';

// docs/lifecycle.md, the reorg rows and decisions, through the watcher on any family with reorgs: a
// reorg before the window closes recomputes the payment from the transfers left (back to
// awaiting_payment or underpaid, the fee reversed for a confirmed one; a transfer mined again counts
// from its new block), and every such move back is reported by payment.reverted, in the webhooks and
// the events API; after the window, a payment whose transfer leaves is expired_reorged, and the
// transfer mined again is money after the close. The driver makes the reorg its family's way.

const FEE = { kind: 'fee', amount_usd: '-0.25' };
const FEE_REVERSED = [FEE, { kind: 'fee_reversal', amount_usd: '0.25' }];

/**
 * The reorg paths of one family and coin (call inside a `describe`, after the file's `useScenario`).
 * The scenario's required depth must be 3 or more: a transfer is reorged at depth 2 before it is final.
 */
export function reorgPathsSuite(driver: ReorgDriver): void {
  const s = () => {
    const scenario = driver.scenario();
    if (scenario.confirmations < 3) throw new Error('the reorg suite needs a required depth of 3 or more');
    return scenario;
  };
  const inBlock = driver.seenInBlock === true;
  afterEach(async () => {
    await driver.settle?.();
  });
  /** Mines until a transfer just paid is at the required depth. */
  const toDepth = (scenario: PathsScenario) => mineSome(scenario, scenario.confirmations - (inBlock ? 1 : 0));
  /** Pays the payment in full and brings the transfer into a block: confirming at one confirmation. */
  const payIntoBlock = async (p: ScenarioPayment) => {
    const scenario = s();
    const txid = await scenario.pay(p, p.amount);
    if (!inBlock) {
      await scenario.sync();
      expect(await scenario.statusOf(p.id)).toBe('payment_detected');
      await scenario.mine(1);
    }
    expect((await scenario.sync()).reorgs).toBe(0);
    expect(await scenario.statusOf(p.id)).toBe('confirming');
    return txid;
  };

  describe('before the window closes', () => {
    it('a reorg takes the transfer back before its depth; mined again, it counts from its new block and confirms', async () => {
      const p = await s().newPayment();
      const txid = await payIntoBlock(p);
      await s().mine(1);
      expect((await s().sync()).reorgs).toBe(0);
      expect((await s().read(p.id)).transactions).toEqual([
        expect.objectContaining({ tx_id: txid, confirmations: 2 }),
      ]);

      await driver.reorgOut(txid, 'again');
      if (!inBlock) {
        // Back in the mempool: seen there again.
        expect((await s().sync()).reorgs).toBe(1);
        const back = await s().read(p.id);
        expect(back.status).toBe('payment_detected');
        expect(back.transactions[0]).toMatchObject({ tx_id: txid, confirmations: 0 });
      }
      await s().mine(1);
      const result = await s().sync();
      if (inBlock) expect(result.reorgs).toBe(1);
      const moved = await s().read(p.id);
      expect(moved.status).toBe('confirming');
      expect(moved.transactions).toEqual([
        expect.objectContaining({ tx_id: txid, status: 'confirming', confirmations: 1 }),
      ]);
      await s().mine(s().confirmations - 1);
      await s().sync();
      expect(await s().statusOf(p.id)).toBe('confirmed');
      expect(await eventNamesFor(s().test, p.id)).toEqual(
        inBlock
          ? PAID_IN_FULL
          : [
              'payment.awaiting',
              'payment.detected',
              'payment.confirming',
              'payment.reverted',
              'payment.detected',
              'payment.confirming',
              'payment.confirmed',
            ],
      );
    });

    it('the transfer leaves the chain for good: back to awaiting_payment, reported by payment.reverted, shown removed; paid again, a fresh detection', async () => {
      const p = await s().newPayment();
      const txid = await payIntoBlock(p);

      await driver.reorgOut(txid, 'gone');
      expect((await s().sync()).reorgs).toBe(1);
      const gone = await s().read(p.id);
      expect(gone.status).toBe('awaiting_payment');
      expect(gone.transactions).toEqual([expect.objectContaining({ tx_id: txid, status: 'removed' })]);
      // New blocks on the other branch, and more syncs: still nothing paid.
      await s().mine(2);
      await s().sync();
      await s().sync();
      expect(await s().statusOf(p.id)).toBe('awaiting_payment');
      const before = ['payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.reverted'];
      const events = await eventsFor(s().test, p.id);
      expect(events.map((e) => e.event)).toEqual(before);
      // Each event carries the payment as it was then; the move back names the status it left.
      expect(events.map((e) => e.data.payment.status)).toEqual([
        'awaiting_payment',
        'payment_detected',
        'confirming',
        'awaiting_payment',
      ]);
      expect(events[3]!.data.previous_status).toBe('confirming');
      expect(events[3]!.data.payment.transactions).toEqual([
        expect.objectContaining({ tx_id: txid, status: 'removed' }),
      ]);
      // The events API has it too.
      const listed = await clientFor(s().test.baseUrl, s().test.apiKey).get(`/events?payment_id=${p.id}`);
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((e: { event: string }) => e.event)).toContain('payment.reverted');

      // A customer paying again afterwards is a fresh detection.
      await s().pay(p, p.amount);
      await s().sync();
      expect(await s().statusOf(p.id)).toBe(fullySeen(driver, s()));
      expect(await eventNamesFor(s().test, p.id)).toEqual(
        inBlock ? [...before, 'payment.detected', 'payment.confirming'] : [...before, 'payment.detected'],
      );
    });

    it('a reorg removing one contributing transfer of a confirmed payment: underpaid, fee reversed', async () => {
      const p = await s().newPayment();
      const half = p.amount / 2n;
      await s().pay(p, half);
      await s().mine(1);
      const second = await s().pay(p, p.amount - half);
      await toDepth(s());
      await s().sync();
      expect(await s().statusOf(p.id)).toBe('confirmed');
      expect(await s().ledger(p.id)).toEqual([FEE]);

      // The second transfer's block and the blocks above it leave the chain, and the transfer with them.
      await driver.reorgOut(second, 'gone');
      expect((await s().sync()).reorgs).toBe(1);
      const after = await s().read(p.id);
      // No longer confirmed: confirmed_at goes with the status (the reverted event says when it was).
      expect(after).toMatchObject({
        status: 'underpaid',
        amount_received: half.toString(),
        confirmed_at: null,
      });
      expect(await s().ledger(p.id)).toEqual(FEE_REVERSED);
      const events = await eventsFor(s().test, p.id);
      expect(events.map((e) => e.event)).toEqual([...PAID_IN_FULL, 'payment.reverted', 'payment.underpaid']);
      expect(events.at(-2)!.data).toMatchObject({
        previous_status: 'confirmed',
        payment: { status: 'underpaid' },
      });
      expect(events.at(-1)!.data.amount_due).toBe((p.amount - half).toString());
    });
  });

  describe('after the window closes', () => {
    /** A payment confirming at one confirmation whose window has closed. */
    const confirmingAfterClose = async () => {
      const p = await s().newPayment();
      const txid = await payIntoBlock(p);
      await s().closeWindow(p.id);
      expect(await s().statusOf(p.id)).toBe('confirming');
      return { p, txid };
    };
    /** A confirmed payment whose window has closed. */
    const confirmedAfterClose = async () => {
      const p = await s().newPayment();
      const txid = await s().pay(p, p.amount);
      await toDepth(s());
      await s().sync();
      expect(await s().statusOf(p.id)).toBe('confirmed');
      await s().closeWindow(p.id);
      expect(await s().statusOf(p.id)).toBe('confirmed');
      return { p, txid };
    };

    /**
     * The transfer leaving: for good, or mined again afterwards (then it is money after the close: a
     * payment expired_reorged does not revive).
     */
    const leaving = [
      { fate: 'gone', title: 'leaves the chain for good', laterEvents: [] },
      {
        fate: 'again',
        title: 'leaves the chain and is mined again later',
        laterEvents: ['payment.received_after_close'],
      },
    ] as const;

    for (const { fate, title, laterEvents } of leaving) {
      it(`a confirming payment whose transfer ${title}: expired_reorged${fate === 'again' ? ', then money after the close' : ''}`, async () => {
        const { p, txid } = await confirmingAfterClose();
        await driver.reorgOut(txid, fate);
        expect((await s().sync()).reorgs).toBe(1);
        expect(await s().statusOf(p.id)).toBe('expired_reorged');
        await s().mine(s().confirmations);
        await s().sync();
        expect(await s().statusOf(p.id)).toBe('expired_reorged');
        expect(await eventNamesFor(s().test, p.id)).toEqual([
          'payment.awaiting',
          'payment.detected',
          'payment.confirming',
          'payment.expired_reorged',
          ...laterEvents,
        ]);
      });

      it(`a confirmed payment whose transfer ${title}: expired_reorged, fee reversed${fate === 'again' ? '; then money after the close, the fee stays reversed' : ''}`, async () => {
        const { p, txid } = await confirmedAfterClose();
        await driver.reorgOut(txid, fate);
        expect((await s().sync()).reorgs).toBe(1);
        expect(await s().statusOf(p.id)).toBe('expired_reorged');
        expect(await s().ledger(p.id)).toEqual(FEE_REVERSED);
        await s().mine(s().confirmations + 1);
        await s().sync();
        expect(await s().statusOf(p.id)).toBe('expired_reorged');
        const events = await eventsFor(s().test, p.id);
        expect(events.map((e) => e.event)).toEqual([
          ...PAID_IN_FULL,
          'payment.expired_reorged',
          ...laterEvents,
        ]);
        if (fate === 'again')
          // The same transfer, mined again: refundable.
          expect(events[5]!.data.payment).toMatchObject({
            status: 'expired_reorged',
            amount_received_after_close: p.amount.toString(),
          });
        expect(await s().ledger(p.id)).toEqual(FEE_REVERSED);
      });
    }

    it('a confirmed payment whose transfer the new branch includes again stays confirmed', async () => {
      const { p, txid } = await confirmedAfterClose();
      // The transfer is mined again before the watcher looks: it never saw it leave.
      await driver.reorgOut(txid, 'again');
      await s().mine(1);
      expect((await s().sync()).reorgs).toBe(1);
      const after = await s().read(p.id);
      expect(after.status).toBe('confirmed');
      expect(after.transactions).toEqual([expect.objectContaining({ tx_id: txid, confirmations: 1 })]);
      expect(await s().ledger(p.id)).toEqual([FEE]);
      expect(await eventNamesFor(s().test, p.id)).toEqual(PAID_IN_FULL);
    });
  });
}
