import { randomBytes, randomInt } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisAuthFailureBudget } from '../../src/domain/apiKeys/createRedisAuthFailureBudget.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { redisAvailable, TEST_REDIS_URL } from '../harness/redisAvailable.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { type ApiResponse, call, clientFor, createPaymentVia, expectError, newKey } from './apiHelpers.js';

// Wrong keys are throttled per caller address (CAIRN_AUTH_FAILURES_PER_MINUTE): each costs a database
// lookup. Past the budget, an address gets 429 RATE_LIMITED with Retry-After and no lookup, except
// with a key this process accepted recently, until the minute is over; in memory, or in Redis shared
// by instances. The lookups are counted on the key statement itself (`cairn_auth_key_by_hash`).

const withRedis = await redisAvailable('failed-authentication budget in Redis');
const wrongKey = () => `pk_test_${randomBytes(32).toString('base64url')}`;
/** A random public-looking address per test, so runs sharing a Redis never meet. */
const randomAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

let keyLookups = 0;
let restoreQuery: (() => void) | undefined;

/**
 * Counts the key lookups sent to PostgreSQL, by statement name, on the connection class of the ORM's
 * pool (node-postgres's Client: every gateway of this process shares it).
 */
async function countKeyLookups(orm: MikroORM): Promise<void> {
  if (restoreQuery) return;
  const client = orm.em.getConnection().getKnex().client;
  const connection = await client.acquireConnection();
  const proto = Object.getPrototypeOf(connection) as { query: (...args: unknown[]) => unknown };
  client.releaseConnection(connection);
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    if ((args[0] as { name?: string } | undefined)?.name === 'cairn_auth_key_by_hash') keyLookups += 1;
    return original.apply(this, args);
  };
  restoreQuery = () => {
    proto.query = original;
  };
}
const lookups = () => keyLookups;

afterAll(() => restoreQuery?.());

/** GET /payments with `key` from `address` (the gateway trusts X-Forwarded-For). */
const listFrom = (test: TestGateway, key: string | undefined, address: string): Promise<ApiResponse> =>
  call(test.baseUrl, key, 'GET', '/payments', { headers: { 'x-forwarded-for': address } });

describe('in memory', () => {
  const clock = new ManualClock('2026-11-23T10:00:00Z');
  let test: TestGateway;

  beforeAll(async () => {
    test = await startTestGateway({
      clock,
      env: { CAIRN_AUTH_FAILURES_PER_MINUTE: '5', CAIRN_TRUST_PROXY: 'true' },
    });
    await countKeyLookups(test.running.gateway.orm);
  });
  afterAll(async () => {
    await test?.stop();
  });

  it('past the budget: 429 with Retry-After, no more lookups, a known key still works, until the minute is over', async () => {
    const address = randomAddress();
    // A known-good key: read before, so it is in this process's key cache.
    expect((await listFrom(test, test.apiKey, address)).status).toBe(200);

    const before = lookups();
    for (let i = 0; i < 5; i++) expectError(await listFrom(test, wrongKey(), address), 'UNAUTHORIZED');
    expect(lookups() - before).toBe(5);

    for (const key of [wrongKey(), wrongKey(), 'not-a-key', undefined]) {
      const refused = await listFrom(test, key, address);
      expectError(refused, 'RATE_LIMITED');
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(refused.body.error.message).toMatch(/failed authentications/);
    }
    expect(lookups() - before).toBe(5);

    // The known key is unaffected, on every route (it is read from the database as always).
    expect((await listFrom(test, test.apiKey, address)).status).toBe(200);
    expect(
      (
        await call(test.baseUrl, test.apiKey, 'POST', '/payments', {
          json: { fiat_amount: '5.00', fiat_currency: 'USD' },
          headers: { 'x-forwarded-for': address },
        })
      ).status,
    ).toBe(201);

    // Another address has its own budget.
    expectError(await listFrom(test, wrongKey(), randomAddress()), 'UNAUTHORIZED');

    // The window runs from the first failure.
    clock.advance(20_000);
    expect((await listFrom(test, wrongKey(), address)).headers.get('retry-after')).toBe('40');
    // A good key this process has not read yet waits like any other unknown key.
    const { key: fresh } = await newKey(test);
    expectError(await listFrom(test, fresh, address), 'RATE_LIMITED');
    clock.advance(40_000);
    expect((await listFrom(test, fresh, address)).status).toBe(200);
    expectError(await listFrom(test, wrongKey(), address), 'UNAUTHORIZED');
  });

  it('only failures spend the budget: first uses of good keys give their unit back', async () => {
    const address = randomAddress();
    for (let i = 0; i < 4; i++) expectError(await listFrom(test, wrongKey(), address), 'UNAUTHORIZED');
    for (let i = 0; i < 3; i++) {
      const { key } = await newKey(test);
      expect((await listFrom(test, key, address)).status).toBe(200);
    }
    expectError(await listFrom(test, wrongKey(), address), 'UNAUTHORIZED');
    expectError(await listFrom(test, wrongKey(), address), 'RATE_LIMITED');
  });

  it('concurrent wrong keys cannot overshoot the budget', async () => {
    const address = randomAddress();
    const before = lookups();
    const answers = await Promise.all(Array.from({ length: 20 }, () => listFrom(test, wrongKey(), address)));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    expect(lookups() - before).toBe(5);
  });

  it('an IPv6 caller is counted by its /64', async () => {
    const prefix = `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}`;
    for (let i = 1; i <= 5; i++) {
      expectError(await listFrom(test, wrongKey(), `${prefix}::${i}`), 'UNAUTHORIZED');
    }
    expectError(await listFrom(test, wrongKey(), `${prefix}:ffff:1:2:3`), 'RATE_LIMITED');
  });
});

describe.runIf(withRedis)('in Redis, shared by instances', () => {
  let a: TestGateway;
  let b: TestGateway;

  beforeAll(async () => {
    const env = { CAIRN_AUTH_FAILURES_PER_MINUTE: '3', CAIRN_TRUST_PROXY: 'true', REDIS_URL: TEST_REDIS_URL };
    [a, b] = await Promise.all([startTestGateway({ env }), startTestGateway({ env })]);
    await countKeyLookups(a.running.gateway.orm);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('failures on one instance spend the budget on the other; known keys keep working on both', async () => {
    const address = randomAddress();
    expect((await listFrom(a, a.apiKey, address)).status).toBe(200);
    expect((await listFrom(b, b.apiKey, address)).status).toBe(200);
    // Both gateways' lookups are counted (one process, one connection class).
    const before = lookups();
    expectError(await listFrom(a, wrongKey(), address), 'UNAUTHORIZED');
    expectError(await listFrom(a, wrongKey(), address), 'UNAUTHORIZED');
    expectError(await listFrom(b, wrongKey(), address), 'UNAUTHORIZED');
    expect(lookups() - before).toBe(3);
    for (const test of [a, b, a, b]) {
      const refused = await listFrom(test, wrongKey(), address);
      expectError(refused, 'RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(58);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    expect(lookups() - before).toBe(3);
    expect((await listFrom(a, a.apiKey, address)).status).toBe(200);
    expect((await createPaymentVia(clientFor(b.baseUrl, b.apiKey))).status).toBe('pending');
    expect((await listFrom(b, b.apiKey, address)).status).toBe(200);
  });

  it('the Redis budget opens again when its window is over', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      // Long enough for three round trips on a loaded machine, short enough to wait out.
      const budget = createRedisAuthFailureBudget({ redis, limit: 2, windowMs: 2_000 });
      const address = randomAddress();
      expect(await budget.take(address)).toBeUndefined();
      expect(await budget.take(address)).toBeUndefined();
      // Refused: open again in the window's remaining seconds, rounded up.
      const retryAfter = await budget.take(address);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect(await budget.take(address)).toBeUndefined();
      // A refund gives a unit back, never below zero.
      await budget.refund(address);
      await budget.refund(address);
      expect(await redis.get(`cairn-auth-failures:${address}`)).toBe('0');
    } finally {
      redis.disconnect();
    }
  });
});
