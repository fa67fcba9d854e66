import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventNamesFor } from '../eventsFor.js';
import { expiryPathsSuite } from '../expiryPathsSuite.js';
import { ledgerPaymentPathsSuite } from '../ledgerPaymentPathsSuite.js';
import { type ChainScenario, startScenario } from '../startChainScenario.js';
import { type TronNile, tronNile } from './tronNile.js';

// The lifecycle paths on TRON_NILE through the TRON observer and the real watcher core, against a
// fake java-tron full node serving the HTTP API's own format (no TRON node runs here). A payment is
// first seen in its block; 19 blocks (solidified) make it final.

describe('payment paths on TRON in TRX (fake full node), required depth 19 (solidified)', () => {
  ledgerPaymentPathsSuite(tronNile('TRX'), { confirmations: 19, coin: 'TRX', sharedAccount: false });
});

describe('payment paths on TRON in USDT (fake full node), required depth 19 (solidified)', () => {
  ledgerPaymentPathsSuite(tronNile('USDT'), { confirmations: 19, coin: 'USDT', sharedAccount: false });
});

describe('expiry paths on TRON (fake full node)', () => {
  expiryPathsSuite(tronNile('TRX'));
});

describe('reorgs on TRON before the solidified depth (fake full node), required depth 3', () => {
  let s: ChainScenario<TronNile>;
  beforeAll(async () => {
    s = await startScenario(tronNile('USDT'), { confirmations: 3 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('a USDT transfer dropped by a reorg: back to awaiting_payment, silently, shown removed', async () => {
    const p = await s.newPayment();
    const txid = await s.pay(p, p.amount);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirming');
    s.node.tron.reorg(1);
    expect((await s.sync()).reorgs).toBe(1);
    const gone = await s.read(p.id);
    expect(gone.status).toBe('awaiting_payment');
    expect(gone.transactions).toEqual([expect.objectContaining({ tx_id: txid, status: 'removed' })]);
    await s.node.mine(3);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
    expect(await eventNamesFor(s.test, p.id)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
    ]);
  });

  it('a transfer the new branch includes again is counted from its new block and confirms', async () => {
    const p = await s.newPayment();
    const txid = await s.pay(p, p.amount);
    await s.node.mine(1);
    await s.sync();
    expect((await s.read(p.id)).transactions[0].confirmations).toBe(2);
    s.node.tron.reorg(2, { keepTransactions: true });
    await s.node.mine(1);
    await s.sync();
    const moved = await s.read(p.id);
    expect(moved.status).toBe('confirming');
    expect(moved.transactions).toEqual([expect.objectContaining({ tx_id: txid, status: 'confirming' })]);
    await s.node.mine(3);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
    expect(await eventNamesFor(s.test, p.id)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
  });
});

describe('attacks and odd transfers on TRON (fake full node)', () => {
  let s: ChainScenario<TronNile>;
  beforeAll(async () => {
    s = await startScenario(tronNile('TRX'), { confirmations: 1 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('TRX sent from inside a contract is credited; an inner call that was rejected is not', async () => {
    const p = await s.newPayment();
    s.node.tron.payInternalTrx({ to: p.address, amountSun: p.amount, rejected: true });
    s.node.tron.closeBlocks(1);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
    const txid = s.node.tron.payInternalTrx({ to: p.address, amountSun: p.amount });
    s.node.tron.closeBlocks(1);
    await s.sync();
    const read = await s.read(p.id);
    expect(read.status).toBe('confirmed');
    expect(read.transactions).toEqual([
      expect.objectContaining({ tx_id: txid, amount: p.amount.toString() }),
    ]);
  });

  it('a Transfer log from a look-alike token that also calls itself USDT credits nothing', async () => {
    const usdt = await startScenario(tronNile('USDT'), { confirmations: 1 });
    try {
      const p = await usdt.newPayment();
      usdt.node.tron.payFakeUsdt({ to: p.address, amount: p.amount });
      usdt.node.tron.payTrc20Reverted({
        contract: usdt.node.tron.usdtContract,
        to: p.address,
        amount: p.amount,
      });
      usdt.node.tron.closeBlocks(1);
      await usdt.sync();
      expect(await usdt.read(p.id)).toMatchObject({ status: 'awaiting_payment', transactions: [] });
      // TRX to a USDT payment's address is not USDT either: the payment waits for its own coin.
      usdt.node.tron.payTrx({ to: p.address, amountSun: p.amount });
      usdt.node.tron.closeBlocks(1);
      await usdt.sync();
      expect(await usdt.statusOf(p.id)).toBe('awaiting_payment');
      const txid = await usdt.pay(p, p.amount);
      await usdt.sync();
      expect((await usdt.read(p.id)).transactions).toEqual([
        expect.objectContaining({ tx_id: txid, amount: p.amount.toString() }),
      ]);
      expect(await eventNamesFor(usdt.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
    } finally {
      await usdt.stop();
    }
  });

  it('the checkout shows one address and no memo for TRON', async () => {
    const p = await s.newPayment();
    const html = await (await fetch(`${s.test.baseUrl}/checkout/${p.id}`)).text();
    expect(html).toContain(p.address);
    expect(html).not.toContain('id="pay-memo"');
    expect(html).not.toContain('id="pay-alternate"');
    expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting']);
  });
});
