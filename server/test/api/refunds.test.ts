import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestRefund } from '../../src/domain/payments/requestRefund.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import {
  awaitingPayment,
  type Client,
  clientFor,
  expectError,
  observe,
  outboxOf,
  sql,
} from './apiHelpers.js';

// POST /api/v1/payments/{id}/refunds records a refund the merchant sent: on the payment's own chain
// and coin, and never more than the payment received.

let test: TestGateway;
let client: Client;
const clock = new ManualClock('2026-04-01T09:00:00Z');

beforeAll(async () => {
  test = await startTestGateway({ clock });
  client = clientFor(test.baseUrl, test.apiKey);
});
afterAll(async () => {
  await test?.stop();
});

/** An underpaid payment that received `received` smallest units. */
async function underpaid(): Promise<{ id: string; received: bigint }> {
  const checkout = await awaitingPayment(client);
  const [row] = await sql<{ locked: string }>(
    test,
    'select locked_amount::text as locked from payments where id = ?',
    [checkout.payment_id],
  );
  await observe(test, checkout.payment_id, { fraction: [1n, 2n], depth: 2 });
  expect((await client.get(`/payments/${checkout.payment_id}`)).body.data.status).toBe('underpaid');
  return { id: checkout.payment_id, received: BigInt(row!.locked) / 2n };
}

const refund = (extra: Record<string, unknown>) => ({
  chain_id: 'BTC_TESTNET',
  coin_symbol: 'BTC',
  tx_id: randomUUID(),
  ...extra,
});

describe('recording a refund', () => {
  it('is refused on another chain than the one the customer paid on, naming chain_id', async () => {
    const { id } = await underpaid();
    const response = await client.post(
      `/payments/${id}/refunds`,
      refund({ chain_id: 'LTC_TESTNET', coin_symbol: 'LTC', amount: '1' }),
    );
    expectError(response, 'VALIDATION_ERROR', 'chain_id');
    expect(response.body.error.message).toContain('BTC_TESTNET:BTC');
    expect((await client.get(`/payments/${id}`)).body.data.status).toBe('underpaid');
    expect((await outboxOf(test, id)).map((e) => e.event)).not.toContain('payment.refunded');
  });

  it('is refused above the amount received, naming amount', async () => {
    const { id, received } = await underpaid();
    const response = await client.post(`/payments/${id}/refunds`, refund({ amount: String(received + 1n) }));
    expectError(response, 'VALIDATION_ERROR', 'amount');
    expect((await client.get(`/payments/${id}`)).body.data.status).toBe('underpaid');
  });

  it('accepts exactly the amount received on the paid chain, and the payment becomes refunded', async () => {
    const { id, received } = await underpaid();
    const response = await client.post(`/payments/${id}/refunds`, refund({ amount: String(received) }));
    expect(response.status, response.text).toBe(201);
    expect(response.body.data.amount).toBe(String(received));
    expect((await client.get(`/payments/${id}`)).body.data.status).toBe('refunded');
    expect((await outboxOf(test, id)).map((e) => e.event)).toContain('payment.refunded');
  });
});

// Funds that arrive after a payment closed (docs/decisions.md, "Money after the close"): reported
// by payment.received_after_close once at the required depth (BTC_TESTNET: 2), and refundable here
// without a status change, capped at what arrived after the close.
describe('refunding money that arrived after the close', () => {
  /** An awaiting payment the merchant cancels; returns its id and locked amount. */
  async function cancelled(): Promise<{ id: string; locked: bigint }> {
    const checkout = await awaitingPayment(client);
    expect((await client.delete(`/payments/${checkout.payment_id}`)).status).toBe(200);
    return { id: checkout.payment_id, locked: BigInt(checkout.selected.crypto_amount) };
  }

  it('a cancelled payment paid anyway: one event at depth, refundable up to that amount, status kept', async () => {
    const { id, locked } = await cancelled();
    const txId = await observe(test, id, { depth: 0 });
    expect((await outboxOf(test, id)).map((e) => e.event)).toEqual(['payment.awaiting', 'payment.cancelled']);
    // Not at depth yet: nothing to refund.
    expectError(
      await client.post(`/payments/${id}/refunds`, refund({ amount: '1' })),
      'INVALID_PAYMENT_STATE',
    );

    await observe(test, id, { depth: 2, txId });
    await observe(test, id, { depth: 3, txId }); // deeper: reported once only
    const events = await outboxOf(test, id);
    expect(events.map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.cancelled',
      'payment.received_after_close',
    ]);
    expect(events[2]!.payload.data).toMatchObject({
      chain_id: 'BTC_TESTNET',
      coin_symbol: 'BTC',
      tx_id: txId,
      output_index: 0,
      amount: locked.toString(),
      payment: { status: 'cancelled', amount_received_after_close: locked.toString() },
    });
    const read = (await client.get(`/payments/${id}`)).body.data;
    expect(read).toMatchObject({
      status: 'cancelled',
      amount_received: locked.toString(),
      amount_received_after_close: locked.toString(),
    });
    expect(read.transactions).toEqual([expect.objectContaining({ tx_id: txId, received_after_close: true })]);

    expectError(
      await client.post(`/payments/${id}/refunds`, refund({ amount: String(locked + 1n) })),
      'VALIDATION_ERROR',
      'amount',
    );
    const first = await client.post(`/payments/${id}/refunds`, refund({ amount: String(locked - 1_000n) }));
    expect(first.status, first.text).toBe(201);
    // Only what is left can be refunded now.
    const tooMuch = await client.post(`/payments/${id}/refunds`, refund({ amount: '1001' }));
    expectError(tooMuch, 'VALIDATION_ERROR', 'amount');
    expect(tooMuch.body.error.message).toContain('1000 smallest units');
    const rest = await client.post(`/payments/${id}/refunds`, refund({ amount: '1000' }));
    expect(rest.status, rest.text).toBe(201);
    const after = (await client.get(`/payments/${id}`)).body.data;
    expect(after.status).toBe('cancelled');
    expect(after.refunds.map((r: { amount: string }) => r.amount)).toEqual([String(locked - 1_000n), '1000']);
    // A refund changes no status and sends no event.
    expect((await outboxOf(test, id)).map((e) => e.event)).toHaveLength(3);
    const rows = await sql<{ after_close: boolean }>(
      test,
      'select after_close from refunds where payment_id = ?',
      [id],
    );
    expect(rows).toEqual([{ after_close: true }, { after_close: true }]);
  });

  it('a refunded payment paid again: only the new money is refundable, not the underpayment it held', async () => {
    const { id, received } = await underpaid();
    const full = await client.post(`/payments/${id}/refunds`, refund({ amount: String(received) }));
    expect(full.status, full.text).toBe(201);
    const txId = await observe(test, id, { amount: 5_000n, depth: 2 });
    const events = await outboxOf(test, id);
    expect(events.map((e) => e.event).slice(-2)).toEqual([
      'payment.refunded',
      'payment.received_after_close',
    ]);
    expect(events.at(-1)!.payload.data).toMatchObject({ tx_id: txId, amount: '5000' });
    // The underpayment it held is not money after the close.
    expect((await client.get(`/payments/${id}`)).body.data.amount_received_after_close).toBe('5000');
    expectError(
      await client.post(`/payments/${id}/refunds`, refund({ amount: '5001' })),
      'VALIDATION_ERROR',
      'amount',
    );
    const late = await client.post(`/payments/${id}/refunds`, refund({ amount: '5000' }));
    expect(late.status, late.text).toBe(201);
    expect((await client.get(`/payments/${id}`)).body.data.status).toBe('refunded');
  });

  it('never more than is left overall: a refund that already covered the late money leaves nothing', async () => {
    const { id, received } = await underpaid();
    await requestRefund(
      test.running.gateway,
      { businessId: test.businessId, mode: 'test' },
      id,
      'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl',
    );
    await observe(test, id, { amount: 5_000n, depth: 2 });
    expect((await outboxOf(test, id)).map((e) => e.event).slice(-2)).toEqual([
      'payment.refund_requested',
      'payment.received_after_close',
    ]);
    // The merchant refunds everything received, the late money included (refund_requested -> refunded).
    const all = await client.post(`/payments/${id}/refunds`, refund({ amount: String(received + 5_000n) }));
    expect(all.status, all.text).toBe(201);
    expect((await client.get(`/payments/${id}`)).body.data.status).toBe('refunded');
    const again = await client.post(`/payments/${id}/refunds`, refund({ amount: '1' }));
    expectError(again, 'VALIDATION_ERROR', 'amount');
    expect(again.body.error.message).toContain('the 0 smallest units');
  });
});
