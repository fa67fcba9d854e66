import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  awaitingPayment,
  type Client,
  clientFor,
  createPaymentVia,
  expectError,
  otherBusiness,
  sql,
} from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { waitUntil } from '../harness/waitUntil.js';

// GET /api/v1/events/follow: long-poll in (transaction, seq) order, serving only events whose
// transaction and every older open one have finished, woken by LISTEN/NOTIFY at commit.

let test: TestGateway;
let api: Client;
let live: Client;
let databaseUrl: string;

beforeAll(async () => {
  test = await startTestGateway();
  api = clientFor(test.baseUrl, test.apiKey);
  live = clientFor(test.baseUrl, test.liveKey);
  databaseUrl = test.running.databaseUrl;
});
afterAll(async () => {
  await test?.stop();
});

/** The follow cursor of now (an answer with wait=0 and no `after`). */
async function now(client: Client = api): Promise<string> {
  const answer = await client.get('/events/follow?wait=0');
  expect(answer.status, answer.text).toBe(200);
  return answer.body.cursor;
}

/** Follows from `after` until `count` events came (each answer at most `wait` seconds). */
async function collect(
  after: string,
  count: number,
  client: Client = api,
  // biome-ignore lint/suspicious/noExplicitAny: API bodies
): Promise<{ events: any[]; cursor: string }> {
  const events = [];
  let cursor = after;
  for (let round = 0; events.length < count && round < 20; round++) {
    const answer = await client.get(`/events/follow?after=${cursor}&wait=2`);
    expect(answer.status, answer.text).toBe(200);
    events.push(...answer.body.data);
    cursor = answer.body.cursor;
  }
  return { events, cursor };
}

/** A copy of a real event body under a new id, inserted by `client` in its open transaction. */
async function insertEvent(
  client: pg.Client,
  template: Record<string, unknown>,
  label: string,
): Promise<string> {
  const id = randomUUID();
  const payload = { ...template, id: `evt_${id}`, data: { ...(template.data as object), label } };
  await client.query(
    `insert into outbox_events (id, business_id, mode, event, payload, created_at)
     values ($1, $2, 'test', $3, $4, now())`,
    [id, test.businessId, template.event, payload],
  );
  return `evt_${id}`;
}

describe('following events', () => {
  it('starts now, answers new events oldest first with a cursor, and resumes after an event id', async () => {
    const old = await createPaymentVia(api);
    const start = await now();
    expect(start).toMatch(/^fc_\d+_\d+$/);
    const a = await awaitingPayment(api, { order_id: 'follow-a' });
    const b = await awaitingPayment(api, { order_id: 'follow-b' });
    const { events, cursor } = await collect(start, 2);
    expect(events.map((e) => [e.event, e.data.payment.id])).toEqual([
      ['payment.awaiting', a.payment_id],
      ['payment.awaiting', b.payment_id],
    ]);
    expect(events.some((e) => e.data.payment?.id === old.id)).toBe(false);
    // Each is the body the list and webhooks carry.
    expect((await api.get(`/events/${events[0].id}`)).body.data).toEqual(events[0]);
    // Nothing after the cursor; after the first event's id comes the second.
    expect((await api.get(`/events/follow?after=${cursor}&wait=0`)).body.data).toEqual([]);
    const resumed = await api.get(`/events/follow?after=${events[0].id}&wait=0`);
    expect(resumed.body.data.map((e: { id: string }) => e.id)).toEqual([events[1].id]);
    expect(resumed.body.cursor).toBe(cursor);
  });

  it('filters by type', async () => {
    const start = await now();
    const payment = await createPaymentVia(api);
    await api.delete(`/payments/${payment.id}`);
    const answer = await api.get(`/events/follow?after=${start}&type=payment.cancelled&wait=2`);
    expect(answer.body.data.map((e: { event: string }) => e.event)).toEqual(['payment.cancelled']);
  });

  it('never skips an event whose transaction commits after a later one', async () => {
    const [template] = await sql<{ payload: Record<string, unknown> }>(
      test,
      "select payload from outbox_events where business_id = ? and mode = 'test' and event = 'payment.awaiting' limit 1",
      [test.businessId],
    );
    const start = await now();
    const first = new pg.Client({ connectionString: databaseUrl });
    const second = new pg.Client({ connectionString: databaseUrl });
    await first.connect();
    await second.connect();
    try {
      // `first` starts first (the older transaction, the lower seq) but commits last.
      await first.query('begin');
      const early = await insertEvent(first, template!.payload, 'early');
      await second.query('begin');
      const late = await insertEvent(second, template!.payload, 'late');
      await second.query('commit');
      // `late` has committed, but an older transaction is open: the follower sees nothing yet, and
      // its cursor does not move past `early`.
      const held = await api.get(`/events/follow?after=${start}&wait=1`);
      expect(held.body.data).toEqual([]);
      await first.query('commit');
      const { events } = await collect(held.body.cursor, 2);
      // Both, once each: a cursor past `late` taken while `first` was open would have lost `early`.
      expect(events.map((e) => e.id)).toEqual([early, late]);
    } finally {
      await first.end();
      await second.end();
    }
  });

  it('never skips an event of a transaction that took its id first and wrote last', async () => {
    const [template] = await sql<{ payload: Record<string, unknown> }>(
      test,
      "select payload from outbox_events where business_id = ? and mode = 'test' and event = 'payment.awaiting' limit 1",
      [test.businessId],
    );
    const start = await now();
    const first = new pg.Client({ connectionString: databaseUrl });
    const second = new pg.Client({ connectionString: databaseUrl });
    await first.connect();
    await second.connect();
    try {
      await first.query('begin');
      await first.query('select pg_current_xact_id()');
      // `second` writes first (lower seq) and commits; the follower takes it only after `first` ends.
      await second.query('begin');
      const one = await insertEvent(second, template!.payload, 'one');
      await second.query('commit');
      const two = await insertEvent(first, template!.payload, 'two');
      const waiting = api.get(`/events/follow?after=${start}&wait=5`);
      await first.query('commit');
      const answer = await waiting;
      const { events } = await collect(
        answer.body.cursor,
        answer.body.data.length >= 2 ? 0 : 2 - answer.body.data.length,
      );
      expect([...answer.body.data, ...events].map((e) => e.id)).toEqual([two, one]);
    } finally {
      await first.end();
      await second.end();
    }
  });

  it('wakes a waiting follower within a second of the commit (LISTEN/NOTIFY)', async () => {
    const start = await now();
    const began = Date.now();
    const waiting = api.get(`/events/follow?after=${start}&wait=30`);
    // Let the request reach its wait.
    await new Promise((resolve) => setImmediate(resolve));
    const created = await awaitingPayment(api, { order_id: 'wake' });
    const committedAt = Date.now();
    const answer = await waiting;
    const tookMs = Date.now() - committedAt;
    expect(answer.body.data.map((e: { data: { payment: { id: string } } }) => e.data.payment.id)).toContain(
      created.payment_id,
    );
    // Generous bound: the wake-up is a notification, far below the 30 s wait.
    expect(tookMs).toBeLessThan(1000);
    expect(Date.now() - began).toBeLessThan(10_000);
    const [listener] = await sql<{ n: string }>(
      test,
      "select count(*)::text as n from pg_stat_activity where application_name = 'cairn event follow listener' and datname = current_database()",
    );
    expect(listener!.n).toBe('1');
  });

  it('keeps modes and businesses apart', async () => {
    const startTest = await now();
    const startLive = await now(live);
    const other = await otherBusiness(test);
    const otherApi = clientFor(test.baseUrl, other.key);
    const startOther = await now(otherApi);
    const mine = await awaitingPayment(api, { order_id: 'mine' });
    const theirs = await awaitingPayment(otherApi, { order_id: 'theirs' });
    const ofTest = await collect(startTest, 1);
    expect(ofTest.events.map((e) => e.data.payment.id)).toEqual([mine.payment_id]);
    const ofOther = await collect(startOther, 1, otherApi);
    expect(ofOther.events.map((e) => e.data.payment.id)).toEqual([theirs.payment_id]);
    expect((await live.get(`/events/follow?after=${startLive}&wait=0`)).body.data).toEqual([]);
    // A test event's id is no cursor for the live key, nor for another business.
    expectError(await live.get(`/events/follow?after=${ofTest.events[0].id}`), 'VALIDATION_ERROR', 'after');
    expectError(
      await otherApi.get(`/events/follow?after=${ofTest.events[0].id}`),
      'VALIDATION_ERROR',
      'after',
    );
  });

  it('limits wait and refuses bad cursors with VALIDATION_ERROR', async () => {
    expectError(await api.get('/events/follow?wait=31'), 'VALIDATION_ERROR', 'wait');
    expectError(await api.get('/events/follow?wait=-1'), 'VALIDATION_ERROR', 'wait');
    expectError(await api.get('/events/follow?wait=soon'), 'VALIDATION_ERROR', 'wait');
    expectError(await api.get('/events/follow?after=fc_1'), 'VALIDATION_ERROR', 'after');
    expectError(await api.get('/events/follow?after=fc_99999999999999999999_1'), 'VALIDATION_ERROR', 'after');
    expectError(await api.get(`/events/follow?after=evt_${randomUUID()}`), 'VALIDATION_ERROR', 'after');
    expectError(await api.get('/events/follow?type=payment.nope'), 'VALIDATION_ERROR', 'type');
    expectError(await api.get('/events/follow?limit=5'), 'VALIDATION_ERROR');
    // wait=1 with nothing new: an empty answer after about a second, the cursor unchanged.
    const start = await now();
    const began = Date.now();
    const answer = await api.get(`/events/follow?after=${start}&wait=1`);
    expect(answer.body).toEqual({ data: [], cursor: start });
    expect(Date.now() - began).toBeGreaterThanOrEqual(900);
    expect(Date.now() - began).toBeLessThan(5000);
  });

  it('answers a waiting follower at once when the gateway shuts down', async () => {
    const other = await startTestGateway();
    let stopped = false;
    try {
      const client = clientFor(other.baseUrl, other.apiKey);
      const began = Date.now();
      // The gateway's first follow request: it opens the LISTEN connection before its first read, so
      // once that connection is there the request is inside its handler.
      const waiting = client.get('/events/follow?wait=30');
      await waitUntil(
        async () =>
          (
            await sql<{ n: string }>(
              other,
              "select count(*)::text as n from pg_stat_activity where application_name = 'cairn event follow listener' and datname = current_database()",
            )
          )[0]!.n === '1',
        'the follow request is waiting',
      );
      await other.stop();
      stopped = true;
      const answer = await waiting;
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({ data: [], cursor: expect.stringMatching(/^fc_\d+_0$/) });
      // Far below the 30 s wait: the shutdown woke it.
      expect(Date.now() - began).toBeLessThan(15_000);
    } finally {
      if (!stopped) await other.stop();
    }
  });
});
