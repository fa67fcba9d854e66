import { randomUUID } from 'node:crypto';
import { PaymentLinkSchema, PaymentSchema } from '@cairn/contract';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/domain/apiKeys/revokeApiKey.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { forgetLinkAddressesTask } from '../../src/workers/jobs/forgetLinkAddressesTask.js';
import { paymentTimerTask } from '../../src/workers/jobs/paymentTimerTask.js';
import {
  type Client,
  clientFor,
  expectError,
  newKey,
  observe,
  otherBusiness,
  outboxOf,
  sql,
} from '../api/apiHelpers.js';
import { getPage, postForm } from '../checkoutPage/checkoutHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

// Payment links over real HTTP: the API (create, retrieve, list, deactivate), the public page (GET
// shows, POST creates a payment and opens its checkout), use counting under concurrency, and the
// per-IP limit on presses.

const MINUTE = 60_000;
const PRESSES_PER_MINUTE = 40;

let test: TestGateway;
let client: Client;
const clock = new ManualClock('2026-07-01T10:00:00Z');

beforeAll(async () => {
  test = await startTestGateway({
    clock,
    // X-Forwarded-For says which client address presses Pay (each address holds one unpaid use).
    env: { CAIRN_LINK_PAYMENTS_PER_MINUTE: String(PRESSES_PER_MINUTE), CAIRN_TRUST_PROXY: 'true' },
  });
  client = clientFor(test.baseUrl, test.apiKey);
});
afterAll(async () => {
  await test?.stop();
});

let addresses = 0;
/** A client address no press used before. */
const newAddress = () => {
  addresses += 1;
  return `198.51.${addresses >> 8}.${addresses & 255}`;
};
/**
 * Presses Pay on the link's page like a browser without JavaScript, from `address` (by default one
 * no press came from before: another customer).
 */
const press = (id: string, address = newAddress(), fields: Record<string, string> = {}) => {
  return fetch(`${test.baseUrl}/checkout/links/${id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
};
/** The payment a 303 from Pay leads to. */
const paymentOf = async (response: Response) => {
  expect(response.status).toBe(303);
  const location = response.headers.get('location')!;
  expect(location).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
  const id = location.slice('/checkout/'.length);
  const read = await client.get(`/payments/${id}`);
  expect(read.status, read.text).toBe(200);
  return PaymentSchema.parse(read.body.data);
};
/** Opens the link's page from `address` (by default a new one); its status. */
const view = (id: string, address = newAddress()) =>
  fetch(`${test.baseUrl}/checkout/links/${id}`, { headers: { 'x-forwarded-for': address } });
// biome-ignore lint/suspicious/noExplicitAny: API bodies
const createLink = async (extra: Record<string, unknown> = {}, as = client): Promise<any> => {
  const response = await as.post('/payment-links', {
    fiat_amount: '25.00',
    fiat_currency: 'USD',
    ...extra,
  });
  expect(response.status, response.text).toBe(201);
  return PaymentLinkSchema.parse(response.body.data);
};
const selectBtc = async (paymentId: string) => {
  const selected = await client.post(`/checkout/${paymentId}/select-chain`, { token: 'BTC_TESTNET:BTC' });
  expect(selected.status, selected.text).toBe(200);
};
const usesOf = async (id: string) => (await client.get(`/payment-links/${id}`)).body.data.uses;
const paymentsOfLink = async (id: string) =>
  (
    await sql<{ n: number }>(test, 'select count(*)::int as n from payments where payment_link_id = ?', [id])
  )[0]!.n;

describe('the payment links API', () => {
  it('creates a link with its public URL, and retrieves it as created', async () => {
    const link = await createLink({
      description: 'Workshop ticket',
      accepted_tokens: ['BTC_TESTNET:BTC'],
      max_uses: 5,
      success_url: 'https://shop.example/thanks',
      metadata: { event: 'ws-12' },
    });
    expect(link).toMatchObject({
      mode: 'test',
      active: true,
      url: `${test.running.gateway.config.urls.checkout}/links/${link.id}`,
      fiat_amount: '25.00',
      fiat_currency: 'USD',
      description: 'Workshop ticket',
      accepted_tokens: ['BTC_TESTNET:BTC'],
      restrict_to_accepted: false,
      success_url: 'https://shop.example/thanks',
      cancel_url: null,
      max_uses: 5,
      uses: 0,
      metadata: { event: 'ws-12' },
      created_at: '2026-07-01T10:00:00Z',
      deactivated_at: null,
    });
    const read = await client.get(`/payment-links/${link.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(link);
  });

  it('refuses what a payment would refuse, naming the field', async () => {
    const refuse = async (
      body: Record<string, unknown>,
      code: Parameters<typeof expectError>[1],
      field?: string,
    ) => expectError(await client.post('/payment-links', body), code, field);
    await refuse({ fiat_amount: 25, fiat_currency: 'USD' }, 'VALIDATION_ERROR', 'fiat_amount');
    await refuse({ fiat_amount: '0.00', fiat_currency: 'USD' }, 'VALIDATION_ERROR', 'fiat_amount');
    await refuse({ fiat_amount: '10.5', fiat_currency: 'JPY' }, 'VALIDATION_ERROR', 'fiat_amount');
    await refuse({ fiat_amount: '10', fiat_currency: 'usd' }, 'VALIDATION_ERROR', 'fiat_currency');
    await refuse({ fiat_amount: '10', fiat_currency: 'USD', max_uses: 0 }, 'VALIDATION_ERROR', 'max_uses');
    await refuse({ fiat_amount: '10', fiat_currency: 'USD', max_uses: 2.5 }, 'VALIDATION_ERROR', 'max_uses');
    await refuse({ fiat_amount: '10', fiat_currency: 'USD', expires: 'never' }, 'VALIDATION_ERROR');
    await refuse(
      { fiat_amount: '10', fiat_currency: 'USD', restrict_to_accepted: true },
      'RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST',
    );
    // A test key's link cannot take a mainnet chain.
    await refuse(
      { fiat_amount: '10', fiat_currency: 'USD', accepted_chains: ['BTC'] },
      'VALIDATION_ERROR',
      'accepted_chains.0',
    );
    expect(
      (
        await sql<{ n: number }>(test, 'select count(*)::int as n from payment_links where fiat_amount = 10')
      )[0]!.n,
    ).toBe(0);
  });

  it('replays a create with the same Idempotency-Key instead of making a second link', async () => {
    const key = `link-${randomUUID()}`;
    const body = { fiat_amount: '7.00', fiat_currency: 'EUR', description: 'idempotent' };
    const first = await client.post('/payment-links', body, { headers: { 'idempotency-key': key } });
    const again = await client.post('/payment-links', body, { headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await client.post(
      '/payment-links',
      { ...body, fiat_amount: '8.00' },
      { headers: { 'idempotency-key': key } },
    );
    expectError(other, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('lists newest first in cursor pages, filters by active, and keeps to the business and mode', async () => {
    const own = await newKey(test);
    const api = clientFor(test.baseUrl, own.key);
    // Links are per business and mode, not per key: start from what the business has.
    const before = (await api.get('/payment-links?limit=100')).body.data.length as number;
    const made = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      made.push(await createLink({ description: `list ${i}` }, api));
    }
    await api.post(`/payment-links/${made[1].id}/deactivate`);
    const seen = [];
    let cursor: string | null = null;
    do {
      const page = await api.get(`/payment-links?limit=2${cursor ? `&starting_after=${cursor}` : ''}`);
      expect(page.status, page.text).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data);
      cursor = page.body.next_starting_after;
      expect(cursor === null).toBe(!page.body.has_more);
    } while (cursor);
    expect(seen.length).toBe(before + 5);
    expect(seen.slice(0, 5).map((l) => l.id)).toEqual(made.map((l) => l.id).reverse());
    const inactive = (await api.get('/payment-links?active=false&limit=100')).body.data;
    expect(inactive.map((l: { id: string }) => l.id)).toContain(made[1].id);
    expect(inactive.every((l: { active: boolean }) => !l.active)).toBe(true);
    const active = (await api.get('/payment-links?active=true&limit=100')).body.data;
    expect(active.map((l: { id: string }) => l.id)).not.toContain(made[1].id);

    // Another business, and the live mode of this one, see none of them.
    const stranger = clientFor(test.baseUrl, (await otherBusiness(test)).key);
    expectError(await stranger.get(`/payment-links/${made[0].id}`), 'NOT_FOUND');
    expectError(await stranger.post(`/payment-links/${made[0].id}/deactivate`), 'NOT_FOUND');
    expect((await stranger.get('/payment-links')).body.data).toEqual([]);
    expectError(
      await stranger.get(`/payment-links?starting_after=${made[0].id}`),
      'VALIDATION_ERROR',
      'starting_after',
    );
    const live = clientFor(test.baseUrl, test.liveKey);
    expectError(await live.get(`/payment-links/${made[0].id}`), 'NOT_FOUND');
    expectError(await client.get(`/payment-links/${randomUUID()}`), 'NOT_FOUND');
    expectError(await client.get('/payment-links?active=yes'), 'VALIDATION_ERROR', 'active');
  });
});

describe("a link's public page", () => {
  it('shows the merchant, amount and a Pay button, and creates nothing by being viewed', async () => {
    const link = await createLink({
      description: 'Tea & <cake>',
      fiat_amount: '12.50',
      fiat_currency: 'EUR',
    });
    const page = await getPage(`${test.baseUrl}/checkout/links/${link.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.text).toContain('€12.50');
    expect(page.text).toContain('Tea &amp; &lt;cake&gt;');
    expect(page.text).toContain(`action="/checkout/links/${link.id}/pay"`);
    expect(page.text).toContain('Test payment');
    await getPage(`${test.baseUrl}/checkout/links/${link.id}`);
    expect(await paymentsOfLink(link.id)).toBe(0);
    expect((await getPage(`${test.baseUrl}/checkout/links/${randomUUID()}`)).status).toBe(404);
    expect((await getPage(`${test.baseUrl}/checkout/links/not-a-link`)).status).toBe(404);
  });

  it('Pay creates a payment of the link (amount, description, accepted set, URLs, metadata) and opens its checkout', async () => {
    const link = await createLink({
      description: 'Gift card',
      accepted_tokens: ['BTC_TESTNET:BTC'],
      restrict_to_accepted: true,
      success_url: 'https://shop.example/thanks',
      cancel_url: 'https://shop.example/cart',
      metadata: { sku: 'gift-25' },
    });
    const payment = await paymentOf(await press(link.id));
    expect(payment).toMatchObject({
      status: 'pending',
      mode: 'test',
      fiat_amount: '25.00',
      fiat_currency: 'USD',
      description: 'Gift card',
      accepted_tokens: ['BTC_TESTNET:BTC'],
      restrict_to_accepted: true,
      success_url: 'https://shop.example/thanks',
      cancel_url: 'https://shop.example/cart',
      metadata: { sku: 'gift-25' },
      payment_link_id: link.id,
      order_id: null,
    });
    expect(payment.chain_options.map((o) => `${o.chain_id}:${o.coin_symbol}`)).toEqual(['BTC_TESTNET:BTC']);
    // A second press is a second payment.
    clock.advance(1000);
    const second = await paymentOf(await press(link.id));
    expect(second.id).not.toBe(payment.id);
    const listed = await client.get(`/payments?payment_link_id=${link.id}`);
    expect(listed.body.data.map((p: { id: string }) => p.id)).toEqual([second.id, payment.id]);
    expect((await client.get(`/payment-links/${link.id}`)).body.data.uses).toBe(2);
    // The payment's webhooks carry the link: select a chain and read the event written.
    const selected = await client.post(`/checkout/${payment.id}/select-chain`, { token: 'BTC_TESTNET:BTC' });
    expect(selected.status, selected.text).toBe(200);
    const [awaiting] = await outboxOf(test, payment.id);
    expect(awaiting!.event).toBe('payment.awaiting');
    expect(awaiting!.payload.data.payment).toMatchObject({
      payment_link_id: link.id,
      metadata: { sku: 'gift-25' },
    });
  });

  it('counts uses up to max_uses; a cancelled or expired-unpaid payment gives its use back', async () => {
    const link = await createLink({ max_uses: 2 });
    const first = await paymentOf(await press(link.id));
    const second = await paymentOf(await press(link.id));
    const soldOut = await press(link.id);
    expect(soldOut.status).toBe(409);
    expect(await soldOut.text()).toContain('Sold out');
    expect((await getPage(`${test.baseUrl}/checkout/links/${link.id}`)).status).toBe(409);
    expect(await paymentsOfLink(link.id)).toBe(2);

    // The merchant cancels one: a use is free again.
    expect((await client.delete(`/payments/${first.id}`)).status).toBe(200);
    expect((await client.get(`/payment-links/${link.id}`)).body.data.uses).toBe(1);
    const third = await paymentOf(await press(link.id));
    expect((await press(link.id)).status).toBe(409);

    // The second receives a transfer: its use counts for good, past the unpaid hold.
    await selectBtc(second.id);
    await observe(test, second.id, { depth: 0 });
    // Another expires with nothing received: free again.
    clock.set(new Date(Date.parse(third.expires_at) + MINUTE));
    await paymentTimerTask(test.running.gateway)({ paymentId: third.id, timer: 'window' }, {} as JobHelpers);
    expect((await client.get(`/payments/${third.id}`)).body.data.status).toBe('expired');
    expect((await client.get(`/payment-links/${link.id}`)).body.data.uses).toBe(1);
    await paymentOf(await press(link.id));
    expect((await client.get(`/payment-links/${link.id}`)).body.data).toMatchObject({ uses: 2, max_uses: 2 });
  });

  it('one visit makes one payment: pressing Pay twice (a double click) opens the same one', async () => {
    const link = await createLink({ max_uses: 1 });
    const page = await getPage(`${test.baseUrl}/checkout/links/${link.id}`);
    const visit = /name="visit" value="([0-9a-f-]{36})"/.exec(page.text)![1]!;
    const post = () => {
      return postForm(`${test.baseUrl}/checkout/links/${link.id}/pay`, { visit });
    };
    const [first, second] = await Promise.all([post(), post()]);
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(await paymentsOfLink(link.id)).toBe(1);
    // Another customer (another address) finds the link sold out; a new page load from the address
    // that holds the use may press Pay again (and gets its payment back).
    expect((await view(link.id)).status).toBe(409);
    expect((await getPage(`${test.baseUrl}/checkout/links/${link.id}`)).status).toBe(200);
  });

  it('never exceeds max_uses when customers press Pay at the same moment', async () => {
    const link = await createLink({ max_uses: 3 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => press(link.id)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([303, 303, 303, 409, 409, 409, 409, 409]);
    expect(await paymentsOfLink(link.id)).toBe(3);
  });

  it('a deactivated link refuses new payments (410) and leaves its payments alone; deactivating again changes nothing', async () => {
    const link = await createLink();
    const payment = await paymentOf(await press(link.id));
    clock.advance(5000);
    const off = await client.post(`/payment-links/${link.id}/deactivate`);
    expect(off.status, off.text).toBe(200);
    expect(off.body.data).toMatchObject({
      active: false,
      deactivated_at: clock.now().toISOString().replace('.000Z', 'Z'),
    });
    clock.advance(5000);
    const again = await client.post(`/payment-links/${link.id}/deactivate`);
    expect(again.body.data).toEqual(off.body.data);
    const page = await getPage(`${test.baseUrl}/checkout/links/${link.id}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain('no longer active');
    expect(page.text).not.toContain(`action="/checkout/links/${link.id}/pay"`);
    const refused = await press(link.id);
    expect(refused.status).toBe(410);
    expect(await paymentsOfLink(link.id)).toBe(1);
    expect((await client.get(`/payments/${payment.id}`)).body.data.status).toBe('pending');
  });

  it('a link whose API key was revoked refuses new payments', async () => {
    const own = await newKey(test);
    const link = await createLink({}, clientFor(test.baseUrl, own.key));
    await paymentOf(await press(link.id));
    await revokeApiKey(test.running.gateway.orm.em.fork(), clock, own.id);
    const before = await paymentsOfLink(link.id);
    expect((await press(link.id)).status).toBe(410);
    expect(await paymentsOfLink(link.id)).toBe(before);
  });

  it('when the key cannot create the payment now, the page says to try later and nothing is created', async () => {
    // A live-mode link of a business with no usable live option for this amount's restriction.
    const live = clientFor(test.baseUrl, test.liveKey);
    const link = await createLink({ accepted_coins: ['USDC'], restrict_to_accepted: true }, live);
    const refused = await press(link.id);
    expect([409, 503]).toContain(refused.status);
    const text = await refused.text();
    expect(text).toContain('Payments are not possible right now');
    expect(text).toContain(`action="/checkout/links/${link.id}/pay"`);
    expect(await paymentsOfLink(link.id)).toBe(0);
  });

  it('an address holds at most one unpaid use: pressing again opens its payment; other addresses fill the link', async () => {
    const link = await createLink({ max_uses: 3 });
    const a = newAddress();
    const answers = [await press(link.id, a), await press(link.id, a), await press(link.id, a)];
    expect(answers.map((r) => r.status)).toEqual([303, 303, 303]);
    const first = answers[0]!.headers.get('location');
    expect(answers.map((r) => r.headers.get('location'))).toEqual([first, first, first]);
    expect(await paymentsOfLink(link.id)).toBe(1);
    expect(await usesOf(link.id)).toBe(1);
    // The same address in the same IPv6 /64 counts as one too.
    const v6 = await press(link.id, '2001:db8:5:6::1');
    expect((await press(link.id, '2001:db8:5:6::2')).headers.get('location')).toBe(
      v6.headers.get('location'),
    );
    // Another customer takes the last use, the next is refused.
    expect((await press(link.id)).status).toBe(303);
    expect((await press(link.id)).status).toBe(409);
    expect(await paymentsOfLink(link.id)).toBe(3);
    // The holders still get their own payments back: the page offers them Pay, not "sold out".
    expect((await view(link.id, a)).status).toBe(200);
    expect((await view(link.id)).status).toBe(409);
    expect((await press(link.id, a)).headers.get('location')).toBe(first);
  });

  it('an unpaid payment holds its use for 5 minutes only, then the link is free again', async () => {
    const link = await createLink({ max_uses: 1 });
    const a = newAddress();
    const held = await paymentOf(await press(link.id, a));
    expect((await press(link.id)).status).toBe(409);
    clock.advance(5 * MINUTE - 1000);
    expect(await usesOf(link.id)).toBe(1);
    expect((await getPage(`${test.baseUrl}/checkout/links/${link.id}`)).status).toBe(409);
    clock.advance(2000);
    expect(await usesOf(link.id)).toBe(0);
    expect((await getPage(`${test.baseUrl}/checkout/links/${link.id}`)).status).toBe(200);
    // Another customer takes it; the first address's old payment no longer holds it.
    const b = newAddress();
    const taken = await paymentOf(await press(link.id, b));
    expect(taken.id).not.toBe(held.id);
    expect((await press(link.id, a)).status).toBe(409);
    expect((await client.get(`/payments/${held.id}`)).body.data.status).toBe('pending');
  });

  it('forgets a press’s client address once its hold is over (the hourly task)', async () => {
    const link = await createLink();
    const addressOf = async (paymentId: string) =>
      (
        await sql<{ client_address: string | null }>(
          test,
          'select client_address from payment_link_visits where payment_id = ?',
          [paymentId],
        )
      )[0]?.client_address;
    const old = await paymentOf(await press(link.id, '2001:db8:7:8::9'));
    expect(await addressOf(old.id)).toBe('2001:db8:7:8::/64');
    clock.advance(5 * MINUTE + 1000);
    const recent = await paymentOf(await press(link.id, '203.0.113.77'));
    await forgetLinkAddressesTask(test.running.gateway)({}, {} as JobHelpers);
    expect(await addressOf(old.id)).toBeNull();
    expect(await addressOf(recent.id)).toBe('203.0.113.77');
  });

  it('a payment that received a transfer counts against max_uses for good', async () => {
    const link = await createLink({ max_uses: 1 });
    const a = newAddress();
    const paid = await paymentOf(await press(link.id, a));
    await selectBtc(paid.id);
    await observe(test, paid.id, { depth: 0 });
    expect((await client.get(`/payments/${paid.id}`)).body.data.status).toBe('payment_detected');
    clock.advance(60 * MINUTE);
    expect(await usesOf(link.id)).toBe(1);
    expect((await press(link.id)).status).toBe(409);
    // Its address gets no second unpaid use either: the one it had is paid.
    expect((await press(link.id, a)).status).toBe(409);
    expect(await paymentsOfLink(link.id)).toBe(1);
  });

  it('limits presses per IP address (429 with Retry-After), creating nothing past the limit', async () => {
    const link = await createLink();
    const before = await paymentsOfLink(link.id);
    let created = 0;
    let limited: Response | undefined;
    const address = newAddress();
    let fromAddress = 0;
    while (!limited && fromAddress <= PRESSES_PER_MINUTE) {
      fromAddress += 1;
      const response = await press(link.id, address);
      if (response.status === 429) limited = response;
      else {
        expect(response.status).toBe(303);
        created += 1;
      }
    }
    // Every press under the limit opened the one payment this address holds.
    expect(created).toBe(PRESSES_PER_MINUTE);
    expect(limited, 'no 429 within the limit').toBeDefined();
    expect(fromAddress).toBe(PRESSES_PER_MINUTE + 1);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited!.text()).toContain('Too many attempts');
    expect(await paymentsOfLink(link.id)).toBe(before + 1);
  });
});
