/**
 * `cairn.events.follow()` against the fixture: events once each, oldest first; a dropped connection,
 * a 503 and a lost answer are waited out and the follow resumes where it was; abort ends it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cairn, ValidationError, type WebhookEvent } from '../src/index.js';
import { type FixtureServer, faults, startFixtureServer } from './fixtureServer.js';

let fixture: FixtureServer;
let cairn: Cairn;

beforeAll(async () => {
  fixture = await startFixtureServer();
  cairn = new Cairn({ apiKey: fixture.keys.test, baseUrl: fixture.baseUrl });
});
afterAll(async () => {
  await fixture.close();
});

/** A payment created and cancelled: one `payment.cancelled` event. */
async function cancelledPayment(): Promise<string> {
  const payment = await cairn.payments.create({ fiat_amount: '10.00', fiat_currency: 'EUR' });
  await cairn.payments.cancel(payment.id);
  return payment.id;
}

/** Takes `count` events from the iterator, then stops it. */
async function take(events: AsyncGenerator<WebhookEvent>, count: number): Promise<WebhookEvent[]> {
  const taken: WebhookEvent[] = [];
  for await (const event of events) {
    taken.push(event);
    if (taken.length === count) break;
  }
  return taken;
}

const paymentOf = (event: WebhookEvent) => ('payment' in event.data ? event.data.payment.id : undefined);

describe('cairn.events.follow', () => {
  it('starts now and yields new events in order, once each', async () => {
    await cancelledPayment(); // before the follow: not yielded
    const follow = cairn.events.follow({ waitSeconds: 2 });
    const first = follow.next();
    // The first request is out (it starts now); events after it arrive.
    await expect
      .poll(() => fixture.requests.some((r) => r.url.includes('/events/follow')), { timeout: 10_000 })
      .toBe(true);
    const a = await cancelledPayment();
    const b = await cancelledPayment();
    const events = [(await first).value as WebhookEvent, ...(await take(follow, 1))];
    expect(events.map(paymentOf)).toEqual([a, b]);
  });

  it('resumes after the last event yielded across dropped connections, 503s and lost answers', async () => {
    const start = await cancelledPayment();
    const [startEvent] = (await cairn.events.list({ payment_id: start })).data;
    const produced = [await cancelledPayment(), await cancelledPayment(), await cancelledPayment()];
    const retries: string[] = [];
    fixture.injectFaults(
      { ...faults.drop(), url: /events\/follow/ },
      { ...faults.serviceUnavailable(), url: /events\/follow/ },
      { ...faults.dropResponse(), url: /events\/follow/ },
    );
    const events = await take(
      cairn.events.follow({ after: startEvent!.id, waitSeconds: 1, onRetry: (e) => retries.push(e.name) }),
      3,
    );
    expect(events.map(paymentOf)).toEqual(produced);
    expect(retries).toEqual(['ConnectionError', 'ServerError', 'ConnectionError']);
    expect(fixture.pendingFaults()).toBe(0);
  });

  it('filters by type and stops when the signal aborts', async () => {
    const stop = new AbortController();
    const seen: WebhookEvent[] = [];
    const done = (async () => {
      for await (const event of cairn.events.follow({
        types: 'payment.refunded',
        signal: stop.signal,
        waitSeconds: 1,
      }))
        seen.push(event);
    })();
    await cancelledPayment();
    // A second long-poll starts once the first's one-second wait ends: past expect.poll's default
    // one-second timeout on a loaded machine, so the poll gets ten.
    await expect
      .poll(() => fixture.requests.filter((r) => r.url.includes('type=payment.refunded')).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(1);
    stop.abort();
    await done;
    expect(seen).toEqual([]);
  });

  it('throws what waiting cannot fix: an unknown event as `after`', async () => {
    const follow = cairn.events.follow({ after: 'evt_00000000-0000-4000-8000-000000000000' });
    await expect(follow.next()).rejects.toBeInstanceOf(ValidationError);
  });
});
