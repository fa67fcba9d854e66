import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
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
