import { randomUUID } from 'node:crypto';
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
  observe,
  outboxOf,
  sql,
} from './apiHelpers.js';

// DELETE /api/v1/payments/{id}; docs/lifecycle.md, Transitions (pending, awaiting_payment -> cancelled
// with payment.cancelled and cancelled_by merchant; payment_detected and later -> PAYMENT_NOT_CANCELLABLE);
// docs/api.md, Error codes (PAYMENT_NOT_CANCELLABLE is 409).

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

const statusOf = async (id: string) => (await client.get(`/payments/${id}`)).body.data.status as string;
const eventsOf = async (id: string) => (await outboxOf(test, id)).map((e) => e.event);
const timersOf = async (id: string) =>
  (
    await sql<{ key: string }>(test, `select key from graphile_worker.jobs where key like ? order by key`, [
      `payment:${id}:%`,
    ])
  ).map((r) => r.key);

describe('cancellable payments', () => {
  it('a pending payment is cancelled by the merchant, with payment.cancelled', async () => {
    const payment = await createPaymentVia(client);
    const response = await client.delete(`/payments/${payment.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({
      id: payment.id,
      status: 'cancelled',
      cancelled_by: 'merchant',
    });
    const events = await outboxOf(test, payment.id);
    expect(events.map((e) => e.event)).toEqual(['payment.cancelled']);
    expect(events[0]!.payload.data.cancelled_by).toBe('merchant');
    expect(events[0]!.payload.data.payment).toMatchObject({ id: payment.id, status: 'cancelled' });
  });

  it('an awaiting_payment payment is cancelled, its timers removed', async () => {
    const checkout = await awaitingPayment(client);
    expect(await timersOf(checkout.payment_id)).toEqual([`payment:${checkout.payment_id}:window`]);
    const response = await client.delete(`/payments/${checkout.payment_id}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ status: 'cancelled', cancelled_by: 'merchant' });
    expect(await eventsOf(checkout.payment_id)).toEqual(['payment.awaiting', 'payment.cancelled']);
    expect(await timersOf(checkout.payment_id)).toEqual([]);
    // The checkout shows it cancelled; select-chain is no longer possible on a fresh cancelled payment.
    expect((await client.get(`/checkout/${checkout.payment_id}`)).body.data.status).toBe('cancelled');
  });

  it('cancelling again is safe: 200, unchanged, no second event', async () => {
    const payment = await createPaymentVia(client);
    const first = await client.delete(`/payments/${payment.id}`);
    const second = await client.delete(`/payments/${payment.id}`);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(await eventsOf(payment.id)).toEqual(['payment.cancelled']);
  });

  it('a transfer arriving after the cancel does not revive the payment', async () => {
    const checkout = await awaitingPayment(client);
    await client.delete(`/payments/${checkout.payment_id}`);
    await observe(test, checkout.payment_id, { depth: 0 });
    expect(await statusOf(checkout.payment_id)).toBe('cancelled');
    expect(await eventsOf(checkout.payment_id)).toEqual(['payment.awaiting', 'payment.cancelled']);
  });

  it('an unknown id is 404 NOT_FOUND', async () => {
    expectError(await client.delete(`/payments/${randomUUID()}`), 'NOT_FOUND');
  });
});

describe('not cancellable', () => {
  const cases: [string, (id: string) => Promise<unknown>, string][] = [
    ['payment_detected (mempool)', (id) => observe(test, id, { depth: 0 }), 'payment_detected'],
    ['confirming (in a block, below depth)', (id) => observe(test, id, { depth: 1 }), 'confirming'],
    ['confirmed', (id) => observe(test, id, { depth: 2 }), 'confirmed'],
    ['underpaid', (id) => observe(test, id, { fraction: [1n, 2n], depth: 2 }), 'underpaid'],
  ];
  it.each(cases)('%s is 409 PAYMENT_NOT_CANCELLABLE, unchanged', async (_name, act, status) => {
    const checkout = await awaitingPayment(client);
    await act(checkout.payment_id);
    expect(await statusOf(checkout.payment_id)).toBe(status);
    const events = await eventsOf(checkout.payment_id);
    expectError(await client.delete(`/payments/${checkout.payment_id}`), 'PAYMENT_NOT_CANCELLABLE');
    expect(await statusOf(checkout.payment_id)).toBe(status);
    expect(await eventsOf(checkout.payment_id)).toEqual(events);
  });

  it('expired is 409 PAYMENT_NOT_CANCELLABLE', async () => {
    const checkout = await awaitingPayment(client);
    clock.advance(61 * 60_000);
    await paymentTimerTask(test.running.gateway)(
      { paymentId: checkout.payment_id, timer: 'window' },
      {} as JobHelpers,
    );
    expect(await statusOf(checkout.payment_id)).toBe('expired');
    expectError(await client.delete(`/payments/${checkout.payment_id}`), 'PAYMENT_NOT_CANCELLABLE');
    expect(await statusOf(checkout.payment_id)).toBe('expired');
  });

  it('refunded is 409 PAYMENT_NOT_CANCELLABLE', async () => {
    const checkout = await awaitingPayment(client);
    await observe(test, checkout.payment_id, { fraction: [1n, 3n], depth: 2 });
    const refund = await client.post(`/payments/${checkout.payment_id}/refunds`, {
      chain_id: 'BTC_TESTNET',
      coin_symbol: 'BTC',
      tx_id: randomUUID(),
      amount: '100',
    });
    expect(refund.status, refund.text).toBe(201);
    expectError(await client.delete(`/payments/${checkout.payment_id}`), 'PAYMENT_NOT_CANCELLABLE');
    expect(await statusOf(checkout.payment_id)).toBe('refunded');
  });
});

describe('a cancel racing a detection', () => {
  it('exactly one wins, and the payment ends in a valid state with matching events', async () => {
    const outcomes = { cancelled: 0, detected: 0 };
    for (let round = 0; round < 15; round += 1) {
      const checkout = await awaitingPayment(client);
      const id = checkout.payment_id;
      const detection = observe(test, id, { depth: 0 });
      const [cancel] = await Promise.all([client.delete(`/payments/${id}`), detection]);
      const status = await statusOf(id);
      const events = await eventsOf(id);
      if (cancel.status === 200) {
        outcomes.cancelled += 1;
        expect(cancel.body.data.status).toBe('cancelled');
        expect(status).toBe('cancelled');
        expect(events).toEqual(['payment.awaiting', 'payment.cancelled']);
      } else {
        outcomes.detected += 1;
        expectError(cancel, 'PAYMENT_NOT_CANCELLABLE');
        expect(status).toBe('payment_detected');
        expect(events).toEqual(['payment.awaiting', 'payment.detected']);
      }
    }
    expect(outcomes.cancelled + outcomes.detected).toBe(15);
  });

  it('many concurrent cancels and detections on one payment: one decision, no duplicate events', async () => {
    for (let round = 0; round < 5; round += 1) {
      const checkout = await awaitingPayment(client);
      const id = checkout.payment_id;
      const txId = randomUUID().replaceAll('-', '');
      const results = await Promise.all([
        client.delete(`/payments/${id}`),
        observe(test, id, { depth: 0, txId }),
        client.delete(`/payments/${id}`),
        observe(test, id, { depth: 0, txId }),
        client.delete(`/payments/${id}`),
      ]);
      const cancels = [results[0], results[2], results[4]] as Awaited<ReturnType<Client['delete']>>[];
      const status = await statusOf(id);
      const events = await eventsOf(id);
      expect(['cancelled', 'payment_detected']).toContain(status);
      if (status === 'cancelled') {
        expect(events).toEqual(['payment.awaiting', 'payment.cancelled']);
        // Cancels after the winning one see it already cancelled.
        for (const response of cancels) expect(response.status).toBe(200);
      } else {
        expect(events).toEqual(['payment.awaiting', 'payment.detected']);
        for (const response of cancels) expectError(response, 'PAYMENT_NOT_CANCELLABLE');
      }
    }
  });
});
