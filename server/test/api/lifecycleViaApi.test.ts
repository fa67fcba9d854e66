import { randomUUID } from 'node:crypto';
import { PaymentSchema, RefundSchema } from '@cairn/contract';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { paymentTimerTask } from '../../src/workers/jobs/paymentTimerTask.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import {
  awaitingPayment,
  type Client,
  clientFor,
  createPaymentVia,
  expectError,
  ledgerOf,
  observe,
  outboxOf,
  sql,
} from './apiHelpers.js';

// docs/lifecycle.md, Transitions, as seen through the API (detected, confirming, confirmed with the
// fee, overpaid, underpaid, accept shortfall, refund, reorg), rules 2 and 5; Limits (tolerance and
// threshold defaults, snapshotted: docs/limits.md); fee ledger and fee reversal on a reorg.

const MINUTE = 60_000;
let test: TestGateway;
let client: Client;
const clock = new ManualClock('2026-05-01T08:00:00Z');

beforeAll(async () => {
  test = await startTestGateway({ clock });
  client = clientFor(test.baseUrl, test.apiKey);
});
afterAll(async () => {
  await test?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: API bodies
const read = async (id: string): Promise<any> => {
  const response = await client.get(`/payments/${id}`);
  expect(response.status).toBe(200);
  expect(() => PaymentSchema.parse(response.body.data)).not.toThrow();
  return response.body.data;
};
const eventsOf = async (id: string) => (await outboxOf(test, id)).map((e) => e.event);
const feeOf = async (id: string) =>
  (await sql<{ fee: string }>(test, 'select fee_usd::text as fee from payments where id = ?', [id]))[0]!.fee;
const balance = async () =>
  Number(
    (
      await sql<{ b: string }>(
        test,
        `select sum(amount_usd)::text as b from credit_ledger where business_id = ? and mode = 'test'`,
        [test.businessId],
      )
    )[0]!.b,
  );
const closeWindow = async (id: string) => {
  const payment = await read(id);
  clock.set(new Date(Date.parse(payment.expires_at) + MINUTE));
  await paymentTimerTask(test.running.gateway)({ paymentId: id, timer: 'window' }, {} as JobHelpers);
};
const lockedOf = (checkout: { selected: { crypto_amount: string } }) =>
  BigInt(checkout.selected.crypto_amount);

describe('a full payment', () => {
  it('walks detected, confirming, confirmed, and charges the fee once', async () => {
    const before = await balance();
    const checkout = await awaitingPayment(client);
    const id = checkout.payment_id;
    const txId = await observe(test, id, { depth: 0 });
    expect((await read(id)).status).toBe('payment_detected');
    await observe(test, id, { depth: 1, txId });
    expect((await read(id)).status).toBe('confirming');
    // The same observation again changes nothing.
    await observe(test, id, { depth: 1, txId });
    await observe(test, id, { depth: 2, txId });
    const confirmed = await read(id);
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      overpaid: false,
      amount_due: '0',
      amount_received: checkout.selected.crypto_amount,
    });
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(confirmed.transactions).toEqual([
      expect.objectContaining({ tx_id: txId, confirmations: 2, status: 'confirmed', output_index: 0 }),
    ]);
    expect(await eventsOf(id)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
    const confirmedEvent = (await outboxOf(test, id)).at(-1)!;
    expect(confirmedEvent.payload.data.payment).toMatchObject({ id, status: 'confirmed' });

    // 25.00 USD at 100 bps: a fee of 0.25 USD, deducted once from the test reserve.
    const fee = await feeOf(id);
    expect(Number(fee)).toBe(0.25);
    const ledger = await ledgerOf(test, id);
    expect(ledger.map((r) => r.kind)).toEqual(['fee']);
    expect(Number(ledger[0]!.amount_usd)).toBe(-Number(fee));
    expect(await balance()).toBeCloseTo(before - 0.25, 6);

    // Deeper confirmations later change nothing.
    await observe(test, id, { depth: 9, txId });
    expect(await eventsOf(id)).toHaveLength(4);
    expect(await ledgerOf(test, id)).toHaveLength(1);
    // Nor does the merchant's cancel.
    expectError(await client.delete(`/payments/${id}`), 'PAYMENT_NOT_CANCELLABLE');
  });

  it('the fee of a non-USD payment is converted to dollars at creation', async () => {
    const checkout = await awaitingPayment(client, { fiat_amount: '25.00', fiat_currency: 'EUR' });
    // 25 EUR = 45455 sat at 55000 EUR/BTC (rounded up); at 60000 USD/BTC that is 27.273 USD; 1 % of it.
    expect(checkout.selected.crypto_amount).toBe('45455');
    expect(Number(await feeOf(checkout.payment_id))).toBeCloseTo(0.27273, 6);
    await observe(test, checkout.payment_id, { depth: 2 });
    const [fee] = await ledgerOf(test, checkout.payment_id);
    expect(Number(fee!.amount_usd)).toBeCloseTo(-0.27273, 6);
  });

  it('a first sighting already at depth emits every step in order', async () => {
    const checkout = await awaitingPayment(client);
    await observe(test, checkout.payment_id, { depth: 6 });
    const confirmed = await read(checkout.payment_id);
    expect(confirmed.status).toBe('confirmed');
    expect(await eventsOf(checkout.payment_id)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
    // Each event carries the payment as it was at that event, not as the one decision left it.
    const at = (await outboxOf(test, checkout.payment_id)).map((e) => e.payload.data.payment);
    expect(at.map((p) => [p.status, p.confirmed_at])).toEqual([
      ['awaiting_payment', null],
      ['payment_detected', null],
      ['confirming', null],
      ['confirmed', confirmed.confirmed_at],
    ]);
    expect(at[0].expires_at).toBe(at[3].expires_at);
  });

  it('a shortfall within the 0.5 % tolerance confirms automatically', async () => {
    const checkout = await awaitingPayment(client);
    await observe(test, checkout.payment_id, { amount: (lockedOf(checkout) * 996n) / 1000n, depth: 2 });
    const payment = await read(checkout.payment_id);
    expect(payment.status).toBe('confirmed');
    expect(await eventsOf(checkout.payment_id)).not.toContain('payment.underpaid');
  });
});

describe('overpayment', () => {
  it('beyond the 1 % threshold: payment.overpaid with the excess amount', async () => {
    const checkout = await awaitingPayment(client);
    const locked = lockedOf(checkout);
    const paid = (locked * 105n) / 100n;
    await observe(test, checkout.payment_id, { amount: paid, depth: 2 });
    const payment = await read(checkout.payment_id);
    expect(payment).toMatchObject({ status: 'confirmed', overpaid: true, amount_received: paid.toString() });
    const events = await outboxOf(test, checkout.payment_id);
    expect(events.map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
      'payment.overpaid',
    ]);
    const overpaid = events.at(-1)!.payload.data;
    expect(overpaid).toMatchObject({
      chain_id: 'BTC_TESTNET',
      coin_symbol: 'BTC',
      excess_amount: (paid - locked).toString(),
    });
    expect(overpaid.payment).toMatchObject({ id: checkout.payment_id, overpaid: true });
    expect(await ledgerOf(test, checkout.payment_id)).toHaveLength(1);
  });

  it('at exactly the threshold it confirms silently', async () => {
    const checkout = await awaitingPayment(client, { fiat_amount: '60.00' });
    // 60 USD = 100000 sat at the demo rate; 1 % more is exactly 101000.
    expect(lockedOf(checkout)).toBe(100_000n);
    await observe(test, checkout.payment_id, { amount: 101_000n, depth: 2 });
    const payment = await read(checkout.payment_id);
    expect(payment).toMatchObject({ status: 'confirmed', overpaid: false });
    expect(await eventsOf(checkout.payment_id)).not.toContain('payment.overpaid');
  });
});

describe('underpayment', () => {
  it('a partial transfer at depth is underpaid with the amount due; the merchant accepts the shortfall', async () => {
    const checkout = await awaitingPayment(client);
    const locked = lockedOf(checkout);
    const txId = await observe(test, checkout.payment_id, { fraction: [1n, 2n], depth: 1 });
    const underpaid = await read(checkout.payment_id);
    expect(underpaid.status).toBe('underpaid');
    expect(underpaid.amount_due).toBe((locked - locked / 2n).toString());
    const outbox = await outboxOf(test, checkout.payment_id);
    const underpaidEvent = outbox.find((e) => e.event === 'payment.underpaid')!;
    expect(underpaidEvent.payload.data.amount_due).toBe(underpaid.amount_due);
    // Walked in the same decision, payment.detected still says payment_detected.
    const detected = outbox.find((e) => e.event === 'payment.detected')!;
    expect(detected.payload.data.payment.status).toBe('payment_detected');
    expect(underpaidEvent.payload.data.payment.status).toBe('underpaid');

    // Not yet at depth: refused.
    expectError(
      await client.post(`/payments/${checkout.payment_id}/accept-shortfall`),
      'INVALID_PAYMENT_STATE',
    );
    await observe(test, checkout.payment_id, { fraction: [1n, 2n], depth: 2, txId });
    const accepted = await client.post(`/payments/${checkout.payment_id}/accept-shortfall`);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'confirmed' });
    expect((await eventsOf(checkout.payment_id)).at(-1)).toBe('payment.confirmed');
    expect((await ledgerOf(test, checkout.payment_id)).map((r) => r.kind)).toEqual(['fee']);
    // Only once.
    expectError(
      await client.post(`/payments/${checkout.payment_id}/accept-shortfall`),
      'INVALID_PAYMENT_STATE',
    );
  });

  it('accept-shortfall on a payment that is not underpaid is 409 INVALID_PAYMENT_STATE', async () => {
    const pending = await createPaymentVia(client);
    expectError(await client.post(`/payments/${pending.id}/accept-shortfall`), 'INVALID_PAYMENT_STATE');
    const awaiting = await awaitingPayment(client);
    expectError(
      await client.post(`/payments/${awaiting.payment_id}/accept-shortfall`),
      'INVALID_PAYMENT_STATE',
    );
    await observe(test, awaiting.payment_id, { depth: 2 });
    expectError(
      await client.post(`/payments/${awaiting.payment_id}/accept-shortfall`),
      'INVALID_PAYMENT_STATE',
    );
    expectError(await client.post(`/payments/${randomUUID()}/accept-shortfall`), 'NOT_FOUND');
  });

  it('a top-up that covers the amount confirms', async () => {
    const checkout = await awaitingPayment(client);
    await observe(test, checkout.payment_id, { fraction: [1n, 2n], depth: 2 });
    expect((await read(checkout.payment_id)).status).toBe('underpaid');
    await observe(test, checkout.payment_id, {
      amount: lockedOf(checkout) - lockedOf(checkout) / 2n,
      depth: 2,
    });
    expect((await read(checkout.payment_id)).status).toBe('confirmed');
    expect(await eventsOf(checkout.payment_id)).toContain('payment.confirmed');
  });

  it('uses the tolerance snapshotted at creation, not the current setting', async () => {
    const checkout = await awaitingPayment(client);
    await sql(test, 'update businesses set underpayment_tolerance_bps = 1000 where id = ?', [
      test.businessId,
    ]);
    try {
      // 5 % short: within the new 10 % but beyond the snapshotted 0.5 %.
      await observe(test, checkout.payment_id, { amount: (lockedOf(checkout) * 95n) / 100n, depth: 2 });
      expect((await read(checkout.payment_id)).status).toBe('underpaid');
      const later = await awaitingPayment(client);
      await observe(test, later.payment_id, { amount: (lockedOf(later) * 95n) / 100n, depth: 2 });
      expect(await read(later.payment_id)).toMatchObject({
        status: 'confirmed',
        underpayment_tolerance_bps: 1000,
      });
    } finally {
      await sql(test, 'update businesses set underpayment_tolerance_bps = 50 where id = ?', [
        test.businessId,
      ]);
    }
  });
});

describe('refunds', () => {
  const refundBody = (extra: Record<string, unknown> = {}) => ({
    chain_id: 'BTC_TESTNET',
    coin_symbol: 'BTC',
    tx_id: randomUUID().replaceAll('-', ''),
    amount: '1000',
    ...extra,
  });

  it('an underpaid payment is refunded: 201 with the refund, payment.refunded', async () => {
    const checkout = await awaitingPayment(client);
    await observe(test, checkout.payment_id, { fraction: [1n, 2n], depth: 2 });
    const body = refundBody();
    const response = await client.post(`/payments/${checkout.payment_id}/refunds`, body);
    expect(response.status, response.text).toBe(201);
    expect(() => RefundSchema.parse(response.body.data)).not.toThrow();
    expect(response.body.data).toMatchObject({ ...body, payment_id: checkout.payment_id });
    const payment = await read(checkout.payment_id);
    expect(payment.status).toBe('refunded');
    expect(payment.refunds).toEqual([response.body.data]);
    expect((await eventsOf(checkout.payment_id)).at(-1)).toBe('payment.refunded');
    // Terminal: a second refund is refused.
    expectError(
      await client.post(`/payments/${checkout.payment_id}/refunds`, refundBody()),
      'INVALID_PAYMENT_STATE',
    );
  });

  it('an expired_underpaid payment is refunded', async () => {
    const checkout = await awaitingPayment(client);
    await observe(test, checkout.payment_id, { fraction: [1n, 4n], depth: 2 });
    await closeWindow(checkout.payment_id);
    expect((await read(checkout.payment_id)).status).toBe('expired_underpaid');
    expect((await eventsOf(checkout.payment_id)).at(-1)).toBe('payment.expired_underpaid');
    const response = await client.post(`/payments/${checkout.payment_id}/refunds`, refundBody());
    expect(response.status, response.text).toBe(201);
    expect((await read(checkout.payment_id)).status).toBe('refunded');
  });

  it('other statuses are 409 INVALID_PAYMENT_STATE, and nothing is recorded', async () => {
    const pending = await createPaymentVia(client);
    expectError(await client.post(`/payments/${pending.id}/refunds`, refundBody()), 'INVALID_PAYMENT_STATE');
    const confirmed = await awaitingPayment(client);
    await observe(test, confirmed.payment_id, { depth: 2 });
    expectError(
      await client.post(`/payments/${confirmed.payment_id}/refunds`, refundBody()),
      'INVALID_PAYMENT_STATE',
    );
    const rows = await sql(test, 'select 1 from refunds where payment_id in (?, ?)', [
      pending.id,
      confirmed.payment_id,
    ]);
    expect(rows).toEqual([]);
  });

  it.each([
    ['a live-mode chain on a test key', { chain_id: 'BTC' }, 'chain_id'],
    ['a coin the chain does not carry', { coin_symbol: 'LTC' }, 'chain_id'],
    ['an unknown chain', { chain_id: 'NOPE' }, 'chain_id'],
    ['a zero amount', { amount: '0' }, 'amount'],
    ['a decimal amount', { amount: '1.5' }, 'amount'],
    ['a numeric amount', { amount: 1000 }, 'amount'],
    ['an empty tx_id', { tx_id: '' }, 'tx_id'],
    ['an unknown field', { note: 'x' }, 'note'],
  ])('%s is 422 VALIDATION_ERROR', async (_name, extra, field) => {
    const checkout = await awaitingPayment(client);
    await observe(test, checkout.payment_id, { fraction: [1n, 2n], depth: 2 });
    expectError(
      await client.post(`/payments/${checkout.payment_id}/refunds`, refundBody(extra)),
      'VALIDATION_ERROR',
      field,
    );
    expect((await read(checkout.payment_id)).status).toBe('underpaid');
  });
});

describe('reorgs', () => {
  it('a reorg of a confirmed payment before the window closes reverses the fee and reopens it', async () => {
    const before = await balance();
    const checkout = await awaitingPayment(client);
    const txId = await observe(test, checkout.payment_id, { depth: 2 });
    expect((await read(checkout.payment_id)).status).toBe('confirmed');
    expect(await balance()).toBeCloseTo(before - 0.25, 6);

    await observe(test, checkout.payment_id, { depth: 2, txId, removed: true });
    const payment = await read(checkout.payment_id);
    expect(payment.status).toBe('awaiting_payment');
    expect(payment.amount_received).toBe('0');
    expect(payment.transactions[0].status).toBe('removed');
    const ledger = await ledgerOf(test, checkout.payment_id);
    expect(ledger.map((r) => r.kind).sort()).toEqual(['fee', 'fee_reversal']);
    const fee = Number(await feeOf(checkout.payment_id));
    expect(ledger.map((r) => Number(r.amount_usd)).sort((a, b) => a - b)).toEqual([-fee, fee]);
    expect(await balance()).toBeCloseTo(before, 6);

    // Paid again: confirmed again, charged again (once).
    await observe(test, checkout.payment_id, { depth: 2 });
    expect((await read(checkout.payment_id)).status).toBe('confirmed');
    expect((await ledgerOf(test, checkout.payment_id)).filter((r) => r.kind === 'fee')).toHaveLength(2);
    expect(await balance()).toBeCloseTo(before - 0.25, 6);
  });

  it('a reorg after the window closed is expired_reorged, with the fee reversed', async () => {
    const checkout = await awaitingPayment(client);
    const txId = await observe(test, checkout.payment_id, { depth: 2 });
    const payment = await read(checkout.payment_id);
    clock.set(new Date(Date.parse(payment.expires_at) + MINUTE));
    await observe(test, checkout.payment_id, { depth: 2, txId, removed: true });
    expect((await read(checkout.payment_id)).status).toBe('expired_reorged');
    expect((await eventsOf(checkout.payment_id)).at(-1)).toBe('payment.expired_reorged');
    expect((await ledgerOf(test, checkout.payment_id)).map((r) => r.kind).sort()).toEqual([
      'fee',
      'fee_reversal',
    ]);
    // Terminal: paying again does not revive it.
    await observe(test, checkout.payment_id, { depth: 2 });
    expect((await read(checkout.payment_id)).status).toBe('expired_reorged');
  });
});

describe('expiry', () => {
  it('a payment with no funds expires when its window closes (payment.expired)', async () => {
    const checkout = await awaitingPayment(client);
    await closeWindow(checkout.payment_id);
    expect((await read(checkout.payment_id)).status).toBe('expired');
    expect(await eventsOf(checkout.payment_id)).toEqual(['payment.awaiting', 'payment.expired']);
  });

  it('a late full transfer within the grace revives an expired payment, which never expires again', async () => {
    const checkout = await awaitingPayment(client);
    await closeWindow(checkout.payment_id);
    expect((await read(checkout.payment_id)).status).toBe('expired');
    const txId = await observe(test, checkout.payment_id, { depth: 0 });
    expect(await read(checkout.payment_id)).toMatchObject({ status: 'payment_detected', revived: true });
    await paymentTimerTask(test.running.gateway)(
      { paymentId: checkout.payment_id, timer: 'window' },
      {} as JobHelpers,
    );
    expect((await read(checkout.payment_id)).status).toBe('payment_detected');
    await observe(test, checkout.payment_id, { depth: 2, txId });
    expect((await read(checkout.payment_id)).status).toBe('confirmed');
    expect((await ledgerOf(test, checkout.payment_id)).map((r) => r.kind)).toEqual(['fee']);
  });

  it('a fully paid payment still confirming never expires on the timer', async () => {
    const checkout = await awaitingPayment(client);
    await observe(test, checkout.payment_id, { depth: 1 });
    await closeWindow(checkout.payment_id);
    expect((await read(checkout.payment_id)).status).toBe('confirming');
  });
});
