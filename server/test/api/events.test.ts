import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import {
  type Receiver,
  startReceiver,
  startWebhookTest,
  type WebhookTest,
} from '../webhooks/webhookHarness.js';
import {
  awaitingPayment,
  type Client,
  clientFor,
  createPaymentVia,
  expectError,
  newKey,
  observe,
  otherBusiness,
} from './apiHelpers.js';

// GET /api/v1/events and /events/{id}: every event of the key's business and mode, as the exact
// envelope its webhook deliveries carry (same evt_ id, same body), including events written while
// the key had no endpoint; newest first with cursor pages and filters.

let w: WebhookTest;
let receiver: Receiver;
let key: { key: string; id: string };
let api: Client;

beforeAll(async () => {
  w = await startWebhookTest({ start: '2026-06-01T09:00:00Z' });
  receiver = await startReceiver();
  key = await newKey(w.test);
  api = clientFor(w.test.baseUrl, key.key);
});
afterAll(async () => {
  await receiver?.close();
  await w?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: API bodies
const listAll = async (client: Client, query = ''): Promise<any[]> => {
  const events = [];
  let cursor: string | null = null;
  do {
    const page = await client.get(
      `/events?limit=2${query ? `&${query}` : ''}${cursor ? `&starting_after=${cursor}` : ''}`,
    );
    expect(page.status, page.text).toBe(200);
    events.push(...page.body.data);
    cursor = page.body.next_starting_after;
    expect(cursor === null).toBe(!page.body.has_more);
  } while (cursor);
  return events;
};

describe('the events API', () => {
  it('returns exactly the envelopes the receiver got, with the same ids, and those written before any endpoint', async () => {
    // No endpoint yet: these events are written but never delivered.
    const early = await awaitingPayment(api, { order_id: 'before-endpoint' });
    await api.delete(`/payments/${(await createPaymentVia(api)).id}`);
    await setWebhookEndpoint(w.context(), { apiKeyId: key.id, url: `${receiver.url}/events-hook` });
    w.clock.advance(1000);
    const later = await awaitingPayment(api, { order_id: 'after-endpoint' });
    w.clock.advance(1000);
    await observe(w.test, later.payment_id, { depth: 2 });
    const dispatcher = w.dispatcher();
    while ((await dispatcher.deliverDue()) > 0) {}
    const delivered = receiver.requests.filter((r) => r.path === '/events-hook');
    const all = await listAll(api);
    // What the receiver got is exactly the later payment's events, in the order they were written.
    const laterEvents = all.filter((e) => e.data.payment?.id === later.payment_id).reverse();
    expect(laterEvents.map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
    expect(delivered.map((r) => JSON.parse(r.body).id)).toEqual(laterEvents.map((e) => e.id));
    // Every delivered body is in the list, equal to what was signed and sent, under the same id.
    for (const request of delivered) {
      const sent = JSON.parse(request.body) as WebhookEvent;
      expect(all.find((e) => e.id === sent.id)).toEqual(sent);
      expect((await api.get(`/events/${sent.id}`)).body.data).toEqual(sent);
    }
    // The events written before the endpoint existed are there too, never delivered.
    const earlyEvents = all.filter((e) => e.data.payment?.id === early.payment_id);
    expect(earlyEvents.map((e) => e.event)).toEqual(['payment.awaiting']);
    expect(delivered.some((r) => r.body.includes(early.payment_id))).toBe(false);
    expect(all.filter((e) => e.event === 'payment.cancelled')).toHaveLength(1);
    // Newest first, ids unique.
    const times = all.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
  });

  it('filters by type, payment and creation time', async () => {
    const cancelled = await listAll(api, 'type=payment.cancelled');
    expect(cancelled.map((e) => e.event)).toEqual(['payment.cancelled']);
    const several = await listAll(api, 'type=payment.cancelled,payment.awaiting');
    expect(new Set(several.map((e) => e.event))).toEqual(new Set(['payment.cancelled', 'payment.awaiting']));
    const [one] = several;
    const ofPayment = await listAll(api, `payment_id=${one.data.payment.id}`);
    expect(ofPayment.every((e) => e.data.payment.id === one.data.payment.id)).toBe(true);
    expect(ofPayment.map((e) => e.id)).toContain(one.id);
    const since = await listAll(api, `created_gte=${encodeURIComponent(one.created_at)}`);
    expect(since.every((e) => e.created_at >= one.created_at)).toBe(true);
    const future = await api.get('/events?created_gte=2030-01-01T00:00:00Z');
    expect(future.body).toEqual({ data: [], has_more: false, next_starting_after: null });
  });

  it('refuses bad queries with the documented codes, and never shows another business’s or mode’s events', async () => {
    expectError(await api.get('/events?type=payment.nope'), 'VALIDATION_ERROR', 'type');
    expectError(await api.get('/events?limit=0'), 'VALIDATION_ERROR', 'limit');
    expectError(
      await api.get(`/events?starting_after=evt_${randomUUID()}`),
      'VALIDATION_ERROR',
      'starting_after',
    );
    expectError(await api.get(`/events/evt_${randomUUID()}`), 'NOT_FOUND');
    expectError(await api.get('/events/not-an-event'), 'NOT_FOUND');

    const [mine] = (await api.get('/events?limit=1')).body.data;
    const other = await otherBusiness(w.test);
    const theirs = clientFor(w.test.baseUrl, other.key);
    expectError(await theirs.get(`/events/${mine.id}`), 'NOT_FOUND');
    expect((await theirs.get('/events')).body.data.some((e: { id: string }) => e.id === mine.id)).toBe(false);
    const live = clientFor(w.test.baseUrl, w.test.liveKey);
    expectError(await live.get(`/events/${mine.id}`), 'NOT_FOUND');
    expectError(await live.get(`/events?starting_after=${mine.id}`), 'VALIDATION_ERROR', 'starting_after');
  });
});
