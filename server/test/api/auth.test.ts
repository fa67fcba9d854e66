import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/domain/apiKeys/revokeApiKey.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import {
  awaitingPayment,
  call,
  clientFor,
  createPaymentVia,
  expectError,
  newKey,
  otherBusiness,
  sql,
} from './apiHelpers.js';

// docs/api.md, Authentication and Errors (UNAUTHORIZED, RATE_LIMITED); docs/security.md, API keys.

let test: TestGateway;

beforeAll(async () => {
  test = await startTestGateway({
    // Live mode never uses the demo rates; give it one explicit rate so a live key can create payments
    // offline.
    env: { CAIRN_RATE_SOURCES_LIVE: 'fixed', CAIRN_FIXED_RATES: 'BTC/USD=60000' },
  });
});
afterAll(async () => {
  await test?.stop();
});

describe('the bearer header', () => {
  const wellFormedUnknown = () => `pk_test_${randomBytes(32).toString('base64url')}`;

  it('is required: a missing header is 401 UNAUTHORIZED on every route', async () => {
    const id = randomUUID();
    for (const [method, path] of [
      ['GET', '/payments'],
      ['POST', '/payments'],
      ['GET', `/payments/${id}`],
      ['DELETE', `/payments/${id}`],
      ['POST', `/payments/${id}/accept-shortfall`],
      ['POST', `/payments/${id}/refunds`],
      ['GET', `/checkout/${id}`],
      ['POST', `/checkout/${id}/select-chain`],
    ] as const) {
      const response = await call(test.baseUrl, undefined, method, path, {
        ...(method === 'POST' ? { json: { fiat_amount: '1.00', fiat_currency: 'USD' } } : {}),
      });
      expectError(response, 'UNAUTHORIZED');
    }
  });

  it.each([
    ['the key alone, no scheme', (k: string) => k],
    ['another scheme', (k: string) => `Token ${k}`],
    ['Basic credentials', (k: string) => `Basic ${Buffer.from(`${k}:`).toString('base64')}`],
    ['the scheme alone', () => 'Bearer'],
    ['the scheme and a space', () => 'Bearer '],
    ['two spaces after the scheme', (k: string) => `Bearer  ${k}`],
    ['whitespace inside the key', (k: string) => `Bearer ${k.slice(0, 12)} ${k.slice(12)}`],
    ['two keys', (k: string) => `Bearer ${k} ${k}`],
    ['a key too short', () => 'Bearer pk_test_abc123'],
    ['a wrong prefix', (k: string) => `Bearer ${k.replace('pk_test_', 'sk_test_')}`],
    ['an unknown mode prefix', (k: string) => `Bearer ${k.replace('pk_test_', 'pk_prod_')}`],
    ['a key with a character outside base64url', (k: string) => `Bearer ${k.slice(0, -1)}!`],
    ['a key far too long', () => `Bearer pk_test_${'a'.repeat(400)}`],
    ['the test key with the live prefix', (k: string) => `Bearer ${k.replace('pk_test_', 'pk_live_')}`],
  ])('a malformed header (%s) is 401', async (_name, header) => {
    const response = await call(test.baseUrl, undefined, 'GET', '/payments', {
      headers: { authorization: header(test.apiKey) },
    });
    expectError(response, 'UNAUTHORIZED');
  });

  it('a well-formed key that was never issued is 401', async () => {
    expectError(await clientFor(test.baseUrl, wellFormedUnknown()).get('/payments'), 'UNAUTHORIZED');
    expectError(
      await clientFor(test.baseUrl, `pk_live_${randomBytes(32).toString('base64url')}`).get('/payments'),
      'UNAUTHORIZED',
    );
  });

  it('a valid key is accepted, and the error carries the request id echoed in X-Request-Id', async () => {
    const ok = await clientFor(test.baseUrl, test.apiKey).get('/payments');
    expect(ok.status).toBe(200);
    const denied = await call(test.baseUrl, undefined, 'GET', '/payments', {
      headers: { 'x-request-id': 'trace-abc.123' },
    });
    expectError(denied, 'UNAUTHORIZED');
    expect(denied.body.error.request_id).toBe('trace-abc.123');
    expect(denied.headers.get('x-request-id')).toBe('trace-abc.123');
  });

  it('the error message never echoes the key', async () => {
    const key = wellFormedUnknown();
    const response = await clientFor(test.baseUrl, key).get('/payments');
    expect(response.text).not.toContain(key);
  });
});

describe('revoked and deactivated keys', () => {
  it('a revoked key is 401 on the very next call', async () => {
    const { key, id } = await newKey(test);
    const client = clientFor(test.baseUrl, key);
    expect((await client.get('/payments')).status).toBe(200);
    const gateway = test.running.gateway;
    await revokeApiKey(gateway.orm.em.fork(), gateway.clock, id);
    expectError(await client.get('/payments'), 'UNAUTHORIZED');
    expectError(
      await client.post('/payments', { fiat_amount: '1.00', fiat_currency: 'USD' }),
      'UNAUTHORIZED',
    );
  });

  it('a deactivated key is 401, and works again once reactivated', async () => {
    const { key, id } = await newKey(test);
    const client = clientFor(test.baseUrl, key);
    const payment = await createPaymentVia(client);
    await sql(test, `update api_keys set status = 'deactivated' where id = ?`, [id]);
    expectError(await client.get(`/payments/${payment.id}`), 'UNAUTHORIZED');
    expectError(await client.delete(`/payments/${payment.id}`), 'UNAUTHORIZED');
    await sql(test, `update api_keys set status = 'active' where id = ?`, [id]);
    expect((await client.get(`/payments/${payment.id}`)).status).toBe(200);
  });

  it('a revoked key cannot act on payments it created (they stay readable with another key)', async () => {
    const { key, id } = await newKey(test);
    const payment = await createPaymentVia(clientFor(test.baseUrl, key));
    const gateway = test.running.gateway;
    await revokeApiKey(gateway.orm.em.fork(), gateway.clock, id);
    expectError(await clientFor(test.baseUrl, key).delete(`/payments/${payment.id}`), 'UNAUTHORIZED');
    const other = await clientFor(test.baseUrl, test.apiKey).get(`/payments/${payment.id}`);
    expect(other.status).toBe(200);
    expect(other.body.data.status).toBe('pending');
  });
});

describe('modes', () => {
  it("the key's mode is the payment's mode", async () => {
    const testPayment = await createPaymentVia(clientFor(test.baseUrl, test.apiKey));
    expect(testPayment.mode).toBe('test');
    expect(testPayment.chain_options.map((o: { chain_id: string }) => o.chain_id)).not.toContain('BTC');
    const livePayment = await createPaymentVia(clientFor(test.baseUrl, test.liveKey));
    expect(livePayment.mode).toBe('live');
    expect(livePayment.chain_options.map((o: { chain_id: string }) => o.chain_id)).toEqual(['BTC']);
  });

  it("a key never sees the other mode's payments: retrieve, list, cancel, checkout, select-chain are 404", async () => {
    const testClient = clientFor(test.baseUrl, test.apiKey);
    const liveClient = clientFor(test.baseUrl, test.liveKey);
    const testPayment = await createPaymentVia(testClient);
    const livePayment = await createPaymentVia(liveClient);

    for (const [client, payment] of [
      [liveClient, testPayment],
      [testClient, livePayment],
    ] as const) {
      expectError(await client.get(`/payments/${payment.id}`), 'NOT_FOUND');
      expectError(await client.get(`/checkout/${payment.id}`), 'NOT_FOUND');
      expectError(await client.delete(`/payments/${payment.id}`), 'NOT_FOUND');
      expectError(await client.post(`/payments/${payment.id}/accept-shortfall`), 'NOT_FOUND');
      const selectBody =
        payment.mode === 'test' ? { token: 'BTC_TESTNET:BTC' } : { chain_id: 'BTC', coin_symbol: 'BTC' };
      expectError(await client.post(`/checkout/${payment.id}/select-chain`, selectBody), 'NOT_FOUND');
      const list = await client.get('/payments?limit=100');
      expect(list.status).toBe(200);
      expect(list.body.data.map((p: { id: string }) => p.id)).not.toContain(payment.id);
      expect(
        list.body.data.every((p: { mode: string }) => p.mode === (payment.mode === 'test' ? 'live' : 'test')),
      ).toBe(true);
    }
    // Untouched by the attempts.
    expect((await testClient.get(`/payments/${testPayment.id}`)).body.data.status).toBe('pending');
    expect((await liveClient.get(`/payments/${livePayment.id}`)).body.data.status).toBe('pending');
  });

  it('a live-mode refund chain is refused on a test key (and the reverse)', async () => {
    const testClient = clientFor(test.baseUrl, test.apiKey);
    const payment = await createPaymentVia(testClient);
    const refund = await testClient.post(`/payments/${payment.id}/refunds`, {
      chain_id: 'BTC',
      coin_symbol: 'BTC',
      tx_id: 'abc',
      amount: '1000',
    });
    expectError(refund, 'VALIDATION_ERROR', 'chain_id');
  });
});

describe('businesses', () => {
  it("a key never sees another business's payments", async () => {
    const other = await otherBusiness(test);
    const otherClient = clientFor(test.baseUrl, other.key);
    const mine = await awaitingPayment(clientFor(test.baseUrl, test.apiKey));
    const theirs = await createPaymentVia(otherClient);
    expect(theirs.mode).toBe('test');

    expectError(await otherClient.get(`/payments/${mine.payment_id}`), 'NOT_FOUND');
    expectError(await otherClient.get(`/checkout/${mine.payment_id}`), 'NOT_FOUND');
    expectError(await otherClient.delete(`/payments/${mine.payment_id}`), 'NOT_FOUND');
    expectError(await otherClient.post(`/payments/${mine.payment_id}/accept-shortfall`), 'NOT_FOUND');
    expectError(
      await otherClient.post(`/payments/${mine.payment_id}/refunds`, {
        chain_id: 'BTC_TESTNET',
        coin_symbol: 'BTC',
        tx_id: 'abc',
        amount: '1000',
      }),
      'NOT_FOUND',
    );
    expectError(
      await otherClient.post(`/checkout/${mine.payment_id}/select-chain`, { token: 'BTC_TESTNET:BTC' }),
      'NOT_FOUND',
    );
    const otherList = await otherClient.get('/payments?limit=100');
    expect(otherList.body.data.map((p: { id: string }) => p.id)).toEqual([theirs.id]);
    expectError(await otherClient.get(`/payments?starting_after=${mine.payment_id}`), 'VALIDATION_ERROR');

    const myClient = clientFor(test.baseUrl, test.apiKey);
    expectError(await myClient.get(`/payments/${theirs.id}`), 'NOT_FOUND');
    expect((await myClient.get(`/payments/${mine.payment_id}`)).body.data.status).toBe('awaiting_payment');
  });
});

describe('caller IP allowlist', () => {
  it('a key limited to 10.0.0.0/8 is refused from 127.0.0.1 with 403 IP_NOT_ALLOWED', async () => {
    const { key, id } = await newKey(test, { allowedIps: ['10.0.0.0/8'] });
    const client = clientFor(test.baseUrl, key);
    expectError(await client.get('/payments'), 'IP_NOT_ALLOWED');
    expectError(
      await client.post('/payments', { fiat_amount: '1.00', fiat_currency: 'USD' }),
      'IP_NOT_ALLOWED',
    );
    const [row] = await sql<{ n: string }>(
      test,
      'select count(*)::text as n from payments where api_key_id = ?',
      [id],
    );
    expect(row!.n).toBe('0');
  });

  it.each([[['127.0.0.1']], [['127.0.0.0/8']], [['10.0.0.0/8', '127.0.0.1']], [['::1', '127.0.0.1/32']]])(
    'a key allowing %j is accepted from 127.0.0.1',
    async (allowedIps) => {
      const { key } = await newKey(test, { allowedIps });
      const client = clientFor(test.baseUrl, key);
      expect((await client.get('/payments')).status).toBe(200);
      expect((await client.post('/payments', { fiat_amount: '1.00', fiat_currency: 'USD' })).status).toBe(
        201,
      );
    },
  );

  it('X-Forwarded-For cannot spoof an allowed address (the gateway does not trust proxies by default)', async () => {
    const { key } = await newKey(test, { allowedIps: ['10.0.0.0/8'] });
    const response = await clientFor(test.baseUrl, key).get('/payments', {
      headers: { 'x-forwarded-for': '10.1.2.3', 'x-real-ip': '10.1.2.3' },
    });
    expectError(response, 'IP_NOT_ALLOWED');
  });

  it('an invalid key is still 401, not 403, whatever the allowlist', async () => {
    const { key } = await newKey(test, { allowedIps: ['10.0.0.0/8'] });
    expectError(await clientFor(test.baseUrl, `${key.slice(0, -2)}AA`).get('/payments'), 'UNAUTHORIZED');
  });
});

describe('rate limit', () => {
  let limited: TestGateway;
  beforeAll(async () => {
    limited = await startTestGateway({ env: { CAIRN_RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('the 6th call in a minute is 429 RATE_LIMITED with Retry-After and RateLimit headers, per key', async () => {
    const client = clientFor(limited.baseUrl, limited.apiKey);
    const statuses: number[] = [];
    let first: Awaited<ReturnType<typeof client.get>> | undefined;
    for (let i = 0; i < 5; i += 1) {
      const response = await client.get('/payments');
      first ??= response;
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(first!.headers.get('ratelimit-limit')).toBe('5');
    expect(first!.headers.get('ratelimit-remaining')).toBe('4');
    expect(Number(first!.headers.get('ratelimit-reset'))).toBeGreaterThan(0);

    const sixth = await client.get('/payments');
    expectError(sixth, 'RATE_LIMITED');
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(sixth.headers.get('ratelimit-limit')).toBe('5');
    expect(sixth.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(sixth.headers.get('ratelimit-reset'))).toBeGreaterThan(0);

    // Every route counts, POSTs too.
    expectError(
      await client.post('/payments', { fiat_amount: '1.00', fiat_currency: 'USD' }),
      'RATE_LIMITED',
    );

    // Per key: another key of the same business (and caller IP) still works.
    const { key } = await newKey(limited);
    const other = await clientFor(limited.baseUrl, key).get('/payments');
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit-remaining')).toBe('4');

    // Unauthenticated calls are 401, never 429 (they are rejected before the limiter).
    expectError(await call(limited.baseUrl, undefined, 'GET', '/payments'), 'UNAUTHORIZED');
  });
});
