import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../src/domain/apiKeys/withIdempotency.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import {
  type Client,
  clientFor,
  createPaymentVia,
  expectError,
  newKey,
  observe,
  sql,
  validBody,
} from './apiHelpers.js';

// The Idempotency-Key header of the contract (docs/api.md, Idempotency: the SDK sends one on every POST).

let test: TestGateway;
let client: Client;

beforeAll(async () => {
  test = await startTestGateway();
  client = clientFor(test.baseUrl, test.apiKey);
});
afterAll(async () => {
  await test?.stop();
});

const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
const countByOrder = async (orderId: string) =>
  Number(
    (
      await sql<{ n: string }>(test, 'select count(*)::text as n from payments where order_id = ?', [orderId])
    )[0]!.n,
  );

describe('create payment', () => {
  it('the same key and body returns the same payment, marked idempotent-replayed', async () => {
    const key = randomUUID();
    const body = validBody({ order_id: `idem-${key}` });
    const first = await client.post('/payments', body, withKey(key));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await client.post('/payments', body, withKey(key));
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    const third = await client.post('/payments', body, withKey(key));
    expect(third.body.data.id).toBe(first.body.data.id);
    expect(await countByOrder(`idem-${key}`)).toBe(1);
  });

  it('without a key every POST creates a new payment', async () => {
    const orderId = `no-key-${randomUUID()}`;
    const a = await createPaymentVia(client, { order_id: orderId });
    const b = await createPaymentVia(client, { order_id: orderId });
    expect(a.id).not.toBe(b.id);
    expect(await countByOrder(orderId)).toBe(2);
  });

  it('the same key with another body is 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = randomUUID();
    const orderId = `reused-${key}`;
    expect((await client.post('/payments', validBody({ order_id: orderId }), withKey(key))).status).toBe(201);
    const other = await client.post(
      '/payments',
      validBody({ order_id: orderId, fiat_amount: '26.00' }),
      withKey(key),
    );
    expectError(other, 'IDEMPOTENCY_KEY_REUSED');
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    // The same key on another route is another request too.
    const payment = await createPaymentVia(client);
    expectError(
      await client.post(`/checkout/${payment.id}/select-chain`, { token: 'BTC_TESTNET:BTC' }, withKey(key)),
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await countByOrder(orderId)).toBe(1);
  });

  it('concurrent identical requests create exactly one payment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const key = randomUUID();
      const orderId = `race-${key}`;
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          client.post('/payments', validBody({ order_id: orderId }), withKey(key)),
        ),
      );
      const created = responses.filter((r) => r.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((r) => r.body.data.id)).size).toBe(1);
      expect(created.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      for (const response of responses.filter((r) => r.status !== 201)) {
        expectError(response, 'IDEMPOTENCY_REQUEST_IN_PROGRESS');
      }
      expect(await countByOrder(orderId)).toBe(1);
      // Once done, a retry replays.
      const retry = await client.post('/payments', validBody({ order_id: orderId }), withKey(key));
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body.data.id).toBe(created[0]!.body.data.id);
    }
  });

  it('keys are per API key: another key with the same Idempotency-Key creates its own payment', async () => {
    const key = randomUUID();
    const orderId = `per-key-${key}`;
    const body = validBody({ order_id: orderId });
    const mine = await client.post('/payments', body, withKey(key));
    const other = await clientFor(test.baseUrl, (await newKey(test)).key).post(
      '/payments',
      body,
      withKey(key),
    );
    expect(mine.status).toBe(201);
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(other.body.data.id).not.toBe(mine.body.data.id);
    expect(await countByOrder(orderId)).toBe(2);
  });

  it('a failed request is not stored: its retry runs again', async () => {
    const key = randomUUID();
    const failing = validBody({ restrict_to_accepted: true });
    expectError(
      await client.post('/payments', failing, withKey(key)),
      'RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST',
    );
    expectError(
      await client.post('/payments', failing, withKey(key)),
      'RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST',
    );
    const rows = await sql(test, 'select 1 from idempotency_keys where key = ?', [key]);
    expect(rows).toEqual([]);
    // Schema failures never claim the key either.
    expectError(
      await client.post('/payments', validBody({ fiat_amount: 1 }), withKey(key)),
      'VALIDATION_ERROR',
    );
    const ok = await client.post('/payments', validBody({ order_id: `after-fail-${key}` }), withKey(key));
    expect(ok.status).toBe(201);
    expect(ok.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a stored response is replayed for 24 hours, then the key may be used again', async () => {
    const key = randomUUID();
    const first = await client.post('/payments', validBody({ order_id: `old-${key}` }), withKey(key));
    await sql(
      test,
      `update idempotency_keys set created_at = created_at - interval '23 hours' where api_key_id = ? and key = ?`,
      [test.apiKeyId, key],
    );
    const replay = await client.post('/payments', validBody({ order_id: `old-${key}` }), withKey(key));
    expect(replay.body.data.id).toBe(first.body.data.id);
    await sql(
      test,
      `update idempotency_keys set created_at = created_at - interval '2 hours' where api_key_id = ? and key = ?`,
      [test.apiKeyId, key],
    );
    const fresh = await client.post('/payments', validBody({ order_id: `new-${key}` }), withKey(key));
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(fresh.body.data.id).not.toBe(first.body.data.id);
  });

  it('a claim in progress is 409 IDEMPOTENCY_REQUEST_IN_PROGRESS; an abandoned one (crash) is taken over', async () => {
    const key = randomUUID();
    const body = validBody({ order_id: `claim-${key}` });
    const fingerprint = requestFingerprint('POST', '/api/v1/payments', body);
    await sql(
      test,
      `insert into idempotency_keys (api_key_id, key, request_hash, state, created_at) values (?, ?, ?, 'in_progress', now())`,
      [test.apiKeyId, key, fingerprint],
    );
    expectError(await client.post('/payments', body, withKey(key)), 'IDEMPOTENCY_REQUEST_IN_PROGRESS');
    expect(await countByOrder(`claim-${key}`)).toBe(0);
    await sql(
      test,
      `update idempotency_keys set created_at = now() - interval '2 minutes' where api_key_id = ? and key = ?`,
      [test.apiKeyId, key],
    );
    const taken = await client.post('/payments', body, withKey(key));
    expect(taken.status).toBe(201);
    expect(await countByOrder(`claim-${key}`)).toBe(1);
    expect((await client.post('/payments', body, withKey(key))).headers.get('idempotent-replayed')).toBe(
      'true',
    );
  });

  it('the header is validated: empty or longer than 255 characters is 422', async () => {
    expectError(
      await client.post('/payments', validBody(), withKey('k'.repeat(256))),
      'VALIDATION_ERROR',
      'header.idempotency-key',
    );
    expectError(
      await client.post('/payments', validBody(), withKey('')),
      'VALIDATION_ERROR',
      'header.idempotency-key',
    );
    expect((await client.post('/payments', validBody(), withKey('k'.repeat(255)))).status).toBe(201);
  });

  it('a body the database cannot store is 422 before any payment is created', async () => {
    const key = randomUUID();
    const orderId = `surrogate-${key}`;
    const response = await client.post('/payments', undefined, {
      raw: `{"fiat_amount":"1.00","fiat_currency":"USD","order_id":"${orderId}","description":"\\ud800"}`,
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });
    expectError(response, 'VALIDATION_ERROR', 'description');
    expect(await countByOrder(orderId)).toBe(0);
  });
});

describe('the other POSTs', () => {
  it('select-chain replays with the same key', async () => {
    const payment = await createPaymentVia(client);
    const key = randomUUID();
    const first = await client.post(
      `/checkout/${payment.id}/select-chain`,
      { token: 'LTC_TESTNET:LTC' },
      withKey(key),
    );
    expect(first.status).toBe(200);
    const again = await client.post(
      `/checkout/${payment.id}/select-chain`,
      { token: 'LTC_TESTNET:LTC' },
      withKey(key),
    );
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expectError(
      await client.post(`/checkout/${payment.id}/select-chain`, { token: 'BTC_TESTNET:BTC' }, withKey(key)),
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('accept-shortfall and refunds replay with the same key', async () => {
    const payment = await createPaymentVia(client);
    await client.post(`/checkout/${payment.id}/select-chain`, { token: 'BTC_TESTNET:BTC' });
    await observe(test, payment.id, { fraction: [1n, 2n], depth: 6 });
    const key = randomUUID();
    const accepted = await client.post(`/payments/${payment.id}/accept-shortfall`, undefined, withKey(key));
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data.status).toBe('confirmed');
    const replay = await client.post(`/payments/${payment.id}/accept-shortfall`, undefined, withKey(key));
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // Without the key it is a new request, refused in the new state.
    expectError(await client.post(`/payments/${payment.id}/accept-shortfall`), 'INVALID_PAYMENT_STATE');

    const underpaid = await createPaymentVia(client);
    await client.post(`/checkout/${underpaid.id}/select-chain`, { token: 'BTC_TESTNET:BTC' });
    await observe(test, underpaid.id, { fraction: [1n, 2n], depth: 6 });
    const refundKey = randomUUID();
    const refund = { chain_id: 'BTC_TESTNET', coin_symbol: 'BTC', tx_id: 'f'.repeat(64), amount: '1000' };
    const recorded = await client.post(`/payments/${underpaid.id}/refunds`, refund, withKey(refundKey));
    expect(recorded.status, recorded.text).toBe(201);
    const again = await client.post(`/payments/${underpaid.id}/refunds`, refund, withKey(refundKey));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(recorded.body.data.id);
    const [row] = await sql<{ n: string }>(
      test,
      'select count(*)::text as n from refunds where payment_id = ?',
      [underpaid.id],
    );
    expect(row!.n).toBe('1');
  });
});
