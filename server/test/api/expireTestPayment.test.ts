import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import {
  awaitingPayment,
  type Client,
  clientFor,
  createPaymentVia,
  expectError,
  observe,
  outboxOf,
  sql,
} from './apiHelpers.js';

// POST /api/v1/test_helpers/payments/{id}/expire (docs/api.md, Test helpers): a test payment's window
// ends now through the lifecycle's window decision (payment.expired / payment.expired_underpaid);
// live keys get 403 TEST_MODE_ONLY; modes never mix (a live payment is 404 for a test key); a payment
// whose window cannot end is 409 INVALID_PAYMENT_STATE.

let test: TestGateway;
let client: Client;
const clock = new ManualClock('2026-04-01T09:00:00Z');

beforeAll(async () => {
  test = await startTestGateway({
    clock,
    env: { CAIRN_RATE_SOURCES_LIVE: 'fixed', CAIRN_FIXED_RATES: 'BTC/USD=60000' },
  });
  client = clientFor(test.baseUrl, test.apiKey);
});
afterAll(async () => {
  await test?.stop();
});

const expire = (c: Client, id: string) => c.post(`/test_helpers/payments/${id}/expire`, undefined);
const eventsOf = async (id: string) => (await outboxOf(test, id)).map((e) => e.event);
const timersOf = async (id: string) =>
  (
    await sql<{ key: string }>(test, `select key from graphile_worker.jobs where key like ? order by key`, [
      `payment:${id}:%`,
    ])
  ).map((r) => r.key);

describe('a test payment whose window can end', () => {
  it('awaiting_payment -> expired now, payment.expired written, late grace timer scheduled', async () => {
    const checkout = await awaitingPayment(client);
    clock.advance(60_000);
    const response = await expire(client, checkout.payment_id);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ id: checkout.payment_id, status: 'expired' });
    expect(response.body.data.expires_at).toBe(clock.now().toISOString().replace('.000Z', 'Z'));
    const events = await outboxOf(test, checkout.payment_id);
    expect(events.map((e) => e.event)).toEqual(['payment.awaiting', 'payment.expired']);
    expect(events[1]!.payload.data.payment).toMatchObject({ status: 'expired' });
    expect(events[1]!.payload.data.payment.expires_at).toBe(response.body.data.expires_at);
    expect(await timersOf(checkout.payment_id)).toContain(`payment:${checkout.payment_id}:late_grace`);
    // The events API lists it, as the CLI's trigger reads it.
    const listed = await client.get(`/events?payment_id=${checkout.payment_id}`);
    expect(listed.body.data.map((e: { event: string }) => e.event)).toContain('payment.expired');
  });

  it('pending -> expired', async () => {
    const payment = await createPaymentVia(client);
    const response = await expire(client, payment.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.status).toBe('expired');
    expect(await eventsOf(payment.id)).toEqual(['payment.expired']);
  });

  it('underpaid -> expired_underpaid with payment.expired_underpaid', async () => {
    const checkout = await awaitingPayment(client);
    await observe(test, checkout.payment_id, { fraction: [1n, 2n], depth: 2 });
    const response = await expire(client, checkout.payment_id);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.status).toBe('expired_underpaid');
    expect((await eventsOf(checkout.payment_id)).at(-1)).toBe('payment.expired_underpaid');
  });
});

describe('refusals', () => {
  it('a live key is 403 TEST_MODE_ONLY, and its payment is unchanged', async () => {
    const live = clientFor(test.baseUrl, test.liveKey);
    const payment = await createPaymentVia(live);
    const response = await expire(live, payment.id);
    expectError(response, 'TEST_MODE_ONLY');
    expect(response.body.error.message).toMatch(/pk_test_/);
    expect((await live.get(`/payments/${payment.id}`)).body.data.status).toBe('pending');
    expect(await eventsOf(payment.id)).toEqual([]);
  });

  it("a live payment's id with a test key is 404 NOT_FOUND (modes never mix)", async () => {
    const livePayment = await createPaymentVia(clientFor(test.baseUrl, test.liveKey));
    expectError(await expire(client, livePayment.id), 'NOT_FOUND');
    expectError(await expire(client, randomUUID()), 'NOT_FOUND');
  });

  const cases: [string, (id: string) => Promise<unknown>][] = [
    ['payment_detected', (id) => observe(test, id, { depth: 0 })],
    ['confirmed', (id) => observe(test, id, { depth: 2 })],
    ['cancelled', (id) => client.delete(`/payments/${id}`)],
    ['expired', (id) => expire(client, id)],
  ];
  it.each(cases)('%s is 409 INVALID_PAYMENT_STATE, unchanged', async (status, act) => {
    const checkout = await awaitingPayment(client);
    await act(checkout.payment_id);
    const before = await eventsOf(checkout.payment_id);
    expectError(await expire(client, checkout.payment_id), 'INVALID_PAYMENT_STATE');
    expect((await client.get(`/payments/${checkout.payment_id}`)).body.data.status).toBe(status);
    expect(await eventsOf(checkout.payment_id)).toEqual(before);
  });
});
