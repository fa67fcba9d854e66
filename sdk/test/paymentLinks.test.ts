/**
 * `cairn.paymentLinks` against the fixture, where the requests on the wire can be inspected and
 * failures injected: the Idempotency-Key of create and deactivate across retries, and the query
 * strings of list and of `payments.list({ payment_link_id })`. The behaviour the gateway shares is
 * in sdkSuite.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Cairn, ConnectionError, NotFoundError, ValidationError } from '../src/index.js';
import { type FixtureServer, faults, startFixtureServer } from './fixtureServer.js';

let fixture: FixtureServer;
let cairn: Cairn;
let sleeps: number[];

beforeAll(async () => {
  fixture = await startFixtureServer();
  cairn = new Cairn({
    apiKey: fixture.keys.test,
    baseUrl: fixture.baseUrl,
    retry: {
      random: () => 0.5,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    },
  });
});
afterAll(async () => {
  await fixture.close();
});
beforeEach(() => {
  sleeps = [];
  fixture.requests.length = 0;
  expect(fixture.pendingFaults()).toBe(0);
});

const LINKS = /^\/api\/v1\/payment-links/;
const posts = () => fixture.requests.filter((r) => r.method === 'POST');
const keysSent = () => posts().map((r) => r.headers['idempotency-key']);
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The query string of each GET the fixture received, as an object. */
const queries = () =>
  fixture.requests
    .filter((r) => r.method === 'GET')
    .map((r) => Object.fromEntries(new URL(r.url, fixture.baseUrl).searchParams));

/** Awaits a call that must fail (a promise or a page) and returns its error. */
async function rejection(call: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(call).then(
    () => expect.unreachable('expected the call to fail'),
    (error: unknown) => error,
  );
}

async function linksNamed(description: string) {
  const found: string[] = [];
  for await (const link of cairn.paymentLinks.list({ limit: 100 })) {
    if (link.description === description) found.push(link.id);
  }
  return found;
}

describe('paymentLinks.create', () => {
  it('sends a generated UUID v4 Idempotency-Key, a new one per call', async () => {
    await cairn.paymentLinks.create({ fiat_amount: '5.00', fiat_currency: 'EUR' });
    await cairn.paymentLinks.create({ fiat_amount: '5.00', fiat_currency: 'EUR' });
    const [first, second] = keysSent();
    expect(first).toMatch(UUID_V4);
    expect(second).toMatch(UUID_V4);
    expect(second).not.toBe(first);
  });

  it('sends the caller’s idempotencyKey verbatim', async () => {
    await cairn.paymentLinks.create(
      { fiat_amount: '5.00', fiat_currency: 'EUR' },
      { idempotencyKey: 'link-for-workshop-42' },
    );
    expect(keysSent()).toEqual(['link-for-workshop-42']);
  });

  it('retries a lost response with the same Idempotency-Key and gets the link created once', async () => {
    const description = `lost response ${globalThis.crypto.randomUUID()}`;
    fixture.injectFaults({ ...faults.dropResponse(), method: 'POST', url: LINKS });
    const link = await cairn.paymentLinks.create({ fiat_amount: '9.00', fiat_currency: 'EUR', description });
    expect(posts()).toHaveLength(2);
    expect(new Set(keysSent()).size).toBe(1);
    expect(keysSent()[0]).toMatch(UUID_V4);
    expect(sleeps).toHaveLength(1);
    expect(await linksNamed(description)).toEqual([link.id]);
  });

  it('retries 503 with the same key and throws the last error once retries are exhausted', async () => {
    fixture.injectFaults(faults.serviceUnavailable());
    await cairn.paymentLinks.create({ fiat_amount: '5.00', fiat_currency: 'EUR' });
    expect(posts()).toHaveLength(2);
    expect(new Set(keysSent()).size).toBe(1);

    fixture.requests.length = 0;
    fixture.injectFaults(faults.drop(), faults.drop());
    const error = await rejection(
      cairn.paymentLinks.create({ fiat_amount: '5.00', fiat_currency: 'EUR' }, { maxRetries: 1 }),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(posts()).toHaveLength(2);
    expect(new Set(keysSent()).size).toBe(1);
  });

  it('maps the contract’s validation to ValidationError with the fields, without retrying', async () => {
    const error = await rejection(
      cairn.paymentLinks.create({ fiat_amount: '5.001', fiat_currency: 'EUR', max_uses: 1_000_001 }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', status: 422 });
    expect((error as ValidationError).fields.map((f) => f.field).sort()).toEqual(['fiat_amount', 'max_uses']);
    expect(posts()).toHaveLength(1);
  });
});

describe('paymentLinks.deactivate', () => {
  it('sends an Idempotency-Key and no body, and keeps the key across a retry', async () => {
    const link = await cairn.paymentLinks.create({ fiat_amount: '5.00', fiat_currency: 'EUR' });
    fixture.requests.length = 0;
    fixture.injectFaults({ ...faults.dropResponse(), url: /\/deactivate$/ });
    const off = await cairn.paymentLinks.deactivate(link.id);
    expect(off).toMatchObject({ id: link.id, active: false });
    expect(posts().map((r) => r.url)).toEqual([
      `/api/v1/payment-links/${link.id}/deactivate`,
      `/api/v1/payment-links/${link.id}/deactivate`,
    ]);
    expect(new Set(keysSent()).size).toBe(1);
    expect(posts()[0]!.headers['content-type']).toBeUndefined();
    expect(await cairn.paymentLinks.retrieve(link.id)).toEqual(off);
  });

  it('throws NotFoundError for a link of another merchant, and does not retry it', async () => {
    const link = await cairn.paymentLinks.create({ fiat_amount: '5.00', fiat_currency: 'EUR' });
    const stranger = new Cairn({ apiKey: fixture.keys.otherMerchantTest, baseUrl: fixture.baseUrl });
    fixture.requests.length = 0;
    await expect(stranger.paymentLinks.deactivate(link.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(posts()).toHaveLength(1);
    expect((await cairn.paymentLinks.retrieve(link.id)).active).toBe(true);
  });
});

describe('paymentLinks.list', () => {
  it('sends limit and active as strings and walks the pages with starting_after', async () => {
    const other = new Cairn({ apiKey: fixture.keys.live, baseUrl: fixture.baseUrl });
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      made.unshift((await other.paymentLinks.create({ fiat_amount: '1.00', fiat_currency: 'EUR' })).id);
    }
    fixture.requests.length = 0;
    const seen: string[] = [];
    for await (const link of other.paymentLinks.list({ limit: 2, active: true })) seen.push(link.id);
    expect(seen).toEqual(made);
    expect(queries()).toEqual([
      { limit: '2', active: 'true' },
      { limit: '2', active: 'true', starting_after: made[1] },
    ]);
  });

  it('starts after the given cursor; an unknown cursor is a ValidationError', async () => {
    const older = await cairn.paymentLinks.create({ fiat_amount: '1.00', fiat_currency: 'EUR' });
    const newer = await cairn.paymentLinks.create({ fiat_amount: '1.00', fiat_currency: 'EUR' });
    const page = await cairn.paymentLinks.list({ starting_after: newer.id, limit: 1 });
    expect(page.data.map((l) => l.id)).toEqual([older.id]);
    const error = await rejection(
      cairn.paymentLinks.list({ starting_after: globalThis.crypto.randomUUID() }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields.map((f) => f.field)).toEqual(['starting_after']);
  });

  it('filters active=false to deactivated links', async () => {
    const link = await cairn.paymentLinks.create({ fiat_amount: '1.00', fiat_currency: 'EUR' });
    await cairn.paymentLinks.deactivate(link.id);
    fixture.requests.length = 0;
    const page = await cairn.paymentLinks.list({ active: false });
    expect(queries()).toEqual([{ active: 'false' }]);
    expect(page.data.map((l) => l.id)).toContain(link.id);
    expect(page.data.every((l) => !l.active && l.deactivated_at !== null)).toBe(true);
  });
});

describe('payments.list({ payment_link_id })', () => {
  it('sends the filter and returns only the payments of that link', async () => {
    const link = await cairn.paymentLinks.create({
      fiat_amount: '4.00',
      fiat_currency: 'EUR',
      metadata: { campaign: 'spring' },
    });
    const paid = fixture.payLink(link.id);
    await cairn.payments.create({ fiat_amount: '4.00', fiat_currency: 'EUR' });
    fixture.requests.length = 0;
    const page = await cairn.payments.list({ payment_link_id: link.id });
    expect(queries()).toEqual([{ payment_link_id: link.id }]);
    expect(page.data.map((p) => p.id)).toEqual([paid]);
    expect(page.data[0]).toMatchObject({ payment_link_id: link.id, metadata: { campaign: 'spring' } });
  });

  it('refuses a malformed payment_link_id with ValidationError', async () => {
    const error = await rejection(cairn.payments.list({ payment_link_id: 'plink_1' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields.map((f) => f.field)).toEqual(['payment_link_id']);
  });
});
