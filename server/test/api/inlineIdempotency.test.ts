import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import {
  type Client,
  clientFor,
  createPaymentVia,
  expectError,
  newKey,
  sql,
  validBody,
} from './apiHelpers.js';

// Create-payment records its Idempotency-Key in the statement that inserts the payment
// (withInlineIdempotency): these pin that the record and the payment are one, and that every answer
// is still the one the claim-first flow gives (replay, 409s, 401 for a revoked key, 402, ...).

let test: TestGateway;

const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
const recordOf = async (keyId: string, key: string) =>
  sql<{ state: string; response_status: number; response_body: unknown }>(
    test,
    'select state, response_status, response_body from idempotency_keys where api_key_id = ? and key = ?',
    [keyId, key],
  );
const paymentsOf = async (orderId: string) =>
  Number(
    (
      await sql<{ n: string }>(test, 'select count(*)::text as n from payments where order_id = ?', [orderId])
    )[0]!.n,
  );

/** A fresh key, already used once (so a create may run on the cached key). */
async function usedKey(): Promise<{ client: Client; id: string }> {
  const { key, id } = await newKey(test);
  const client = clientFor(test.baseUrl, key);
  await createPaymentVia(client);
  return { client, id };
}

/** Runs `body` with the test-mode reserve at exactly zero, then restores it. */
async function withExhaustedReserve(body: () => Promise<void>): Promise<void> {
  const [balance] = await sql<{ b: string }>(
    test,
    `select sum(amount_usd)::text as b from credit_ledger where business_id = ? and mode = 'test'`,
    [test.businessId],
  );
  const adjust = (amount: string) =>
    sql(test, `insert into credit_ledger values (?, ?, 'test', 'adjustment', ?::numeric, null, now())`, [
      randomUUID(),
      test.businessId,
      amount,
    ]);
  await adjust(`-${balance!.b}`);
  try {
    await body();
  } finally {
    await adjust(balance!.b!);
  }
}

beforeAll(async () => {
  test = await startTestGateway();
});
afterAll(async () => {
  await test?.stop();
});

describe('create-payment with an Idempotency-Key', () => {
  it('stores the key, done, with exactly the response sent, and replays it', async () => {
    const { client, id } = await usedKey();
    const key = randomUUID();
    const orderId = `inline-${key}`;
    const first = await client.post('/payments', validBody({ order_id: orderId }), withKey(key));
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const [record] = await recordOf(id, key);
    expect(record).toMatchObject({ state: 'done', response_status: 201 });
    expect(record!.response_body).toEqual(first.body);
    const replay = await client.post('/payments', validBody({ order_id: orderId }), withKey(key));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await paymentsOf(orderId)).toBe(1);
  });

  it('a reused key is 409 IDEMPOTENCY_KEY_REUSED even when the new body would be refused otherwise', async () => {
    const { client } = await usedKey();
    const key = randomUUID();
    expect((await client.post('/payments', validBody(), withKey(key))).status).toBe(201);
    expectError(
      await client.post(
        '/payments',
        validBody({ accepted_tokens: ['ETH_SEPOLIA:USDC'], restrict_to_accepted: true }),
        withKey(key),
      ),
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectError(
      await client.post('/payments', validBody({ fiat_currency: 'ISK', fiat_amount: '1000' }), withKey(key)),
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('an exhausted reserve still replays a stored response; a new key is 402 and nothing is recorded', async () => {
    const { client, id } = await usedKey();
    const stored = randomUUID();
    const first = await client.post(
      '/payments',
      validBody({ order_id: `credit-${stored}` }),
      withKey(stored),
    );
    expect(first.status).toBe(201);
    const fresh = randomUUID();
    await withExhaustedReserve(async () => {
      const replay = await client.post(
        '/payments',
        validBody({ order_id: `credit-${stored}` }),
        withKey(stored),
      );
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(first.body);
      expectError(await client.post('/payments', validBody(), withKey(fresh)), 'INSUFFICIENT_CREDIT');
    });
    expect(await recordOf(id, fresh)).toEqual([]);
  });

  it('a revoked key is 401 and never replays nor records', async () => {
    const { client, id } = await usedKey();
    const stored = randomUUID();
    expect((await client.post('/payments', validBody(), withKey(stored))).status).toBe(201);
    await sql(test, `update api_keys set status = 'revoked' where id = ?`, [id]);
    expectError(await client.post('/payments', validBody(), withKey(stored)), 'UNAUTHORIZED');
    const fresh = randomUUID();
    const orderId = `revoked-${fresh}`;
    expectError(
      await client.post('/payments', validBody({ order_id: orderId }), withKey(fresh)),
      'UNAUTHORIZED',
    );
    expect(await recordOf(id, fresh)).toEqual([]);
    expect(await paymentsOf(orderId)).toBe(0);
  });

  it('concurrent identical requests on a cached key create one payment; the others replay it', async () => {
    const { client } = await usedKey();
    const key = randomUUID();
    const orderId = `race-${key}`;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.post('/payments', validBody({ order_id: orderId }), withKey(key)),
      ),
    );
    const created = responses.filter((r) => r.status === 201);
    // Each is a 201 (created or replayed) or a 409 while the first was still running.
    for (const r of responses) expect([201, 409]).toContain(r.status);
    expect(created.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(new Set(created.map((r) => r.body.data.id)).size).toBe(1);
    expect(await paymentsOf(orderId)).toBe(1);
  });
});
