import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TIMEOUTS } from '../../src/platform/db/databaseTimeouts.js';
import { LISTENER_APPLICATION_NAME } from '../../src/workers/webhookDelivery/listenForDeliveries.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { waitUntil } from '../harness/waitUntil.js';
import {
  expectApiUnavailable,
  expectCheckoutUnavailable,
  type TimedResponse,
  timedRequest,
} from './outageHttp.js';
import { type BlackholeProxy, startBlackholeProxy } from './startBlackholeProxy.js';

// A database that stops answering without refusing anything (a host gone behind a firewall that
// drops packets, a server hung in its start-up): the gateway reaches it through a proxy that cuts
// every open connection and then holds new ones without a word. Requests must still be answered
// within seconds (the pool's connect and acquire timeouts), /readyz within its own second, and
// everything must resume once the database answers again.

/** A client gives up after this; the gateway must answer well before. */
const CLIENT_TIMEOUT_MS = 20_000;
/**
 * The longest a request may take: at most one wait for the pool (a provisional key is not read again
 * when the database is unreachable, nor an Idempotency-Key record looked up), plus 2 s for a loaded
 * 2-core machine. Two waits (10 s) or knex's default of 60 s fail it.
 */
const ANSWER_WITHIN_MS = DATABASE_TIMEOUTS.acquireMs + 2_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: BlackholeProxy;
let test: TestGateway;

beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(database.url);
  proxy = await startBlackholeProxy({ host: target.hostname, port: Number(target.port) });
  // Workers and webhook delivery run (their pools face the black hole too); no chain is watched.
  test = await startTestGateway({ databaseUrl: proxy.via(database.url), workers: true, watchers: false });
});
afterAll(async () => {
  proxy?.heal();
  await test?.stop();
  await proxy?.close();
  await database?.drop();
});

const api = (path: string) => `${test.baseUrl}/api/v1${path}`;

describe('a database that does not answer', () => {
  it('answers 503 within seconds, /readyz within a second, and resumes by itself', async () => {
    const create = (headers: Record<string, string> = {}) =>
      timedRequest(api('/payments'), {
        method: 'POST',
        key: test.apiKey,
        json: { fiat_amount: '10.00', fiat_currency: 'USD' },
        headers,
        timeoutMs: CLIENT_TIMEOUT_MS,
      });
    const first = await create();
    expect(first.status, first.text).toBe(201);
    const paymentId: string = first.body.data.id;
    await waitUntil(async () => (await listeners()) === 1, 'the webhook LISTEN connection');

    proxy.blackhole();

    // Alone first, so nothing else slows it down: /readyz waits one second for the database. The
    // pool's cut connections may be found first ("connection lost"); then nothing answers.
    const readiness: TimedResponse[] = [];
    for (let i = 0; i < 4 && !readiness.at(-1)?.body?.checks?.database?.includes('no answer'); i++) {
      readiness.push(await timedRequest(`${test.baseUrl}/readyz`, { timeoutMs: CLIENT_TIMEOUT_MS }));
    }
    for (const ready of readiness) {
      expect(ready.status, ready.text).toBe(503);
      expect(ready.body.checks.database, ready.text).toMatch(/^down: /);
      expect(ready.ms, 'readyz answer time').toBeLessThan(DATABASE_TIMEOUTS.readinessMs + 2_000);
    }
    expect(readiness.at(-1)!.body.checks.database).toBe(
      `down: no answer within ${DATABASE_TIMEOUTS.readinessMs} ms`,
    );

    const started = Date.now();
    const [apiAnswers, pageAnswers, readyAgain] = await Promise.all([
      Promise.all([
        create(),
        create(),
        create({ 'idempotency-key': 'hung-database-1' }),
        timedRequest(api(`/payments/${paymentId}`), { key: test.apiKey, timeoutMs: CLIENT_TIMEOUT_MS }),
        timedRequest(api('/payments'), { key: test.apiKey, timeoutMs: CLIENT_TIMEOUT_MS }),
        timedRequest(api(`/checkout/${paymentId}/select-chain`), {
          method: 'POST',
          key: test.apiKey,
          json: { token: 'LTC_TESTNET:LTC' },
          timeoutMs: CLIENT_TIMEOUT_MS,
        }),
      ]),
      Promise.all([
        timedRequest(`${test.baseUrl}/checkout/${paymentId}`, { timeoutMs: CLIENT_TIMEOUT_MS }),
        timedRequest(`${test.baseUrl}/checkout/${paymentId}/select`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          timeoutMs: CLIENT_TIMEOUT_MS,
        }),
      ]),
      timedRequest(`${test.baseUrl}/readyz`, { timeoutMs: CLIENT_TIMEOUT_MS }),
    ]);
    const all: TimedResponse[] = [...apiAnswers, ...pageAnswers, readyAgain];
    const slowest = Math.max(...all.map((r) => r.ms));
    console.info(
      `hung database: answers in ${all.map((r) => r.ms).join(', ')} ms (all within ${Date.now() - started} ms)`,
    );
    for (const answer of apiAnswers) expectApiUnavailable(answer);
    for (const answer of pageAnswers) expectCheckoutUnavailable(answer);
    expect(readyAgain.status).toBe(503);
    expect(readyAgain.body.checks.database).toMatch(/^down: /);
    expect(slowest, 'slowest answer (ms)').toBeLessThan(ANSWER_WITHIN_MS);

    proxy.heal();

    // Everything comes back without a restart: readiness, requests, the webhook LISTEN connection.
    await waitUntil(async () => {
      const r = await timedRequest(`${test.baseUrl}/readyz`, { timeoutMs: CLIENT_TIMEOUT_MS });
      return r.status === 200;
    }, '/readyz to answer 200');
    const afterwards: TimedResponse[] = [];
    await waitUntil(async () => {
      const r = await create();
      afterwards.push(r);
      return r.status === 201;
    }, 'a payment to be created again');
    // Connections cut by the heal may fail a request or two: a 503, never a 500.
    for (const r of afterwards.slice(0, -1)) expectApiUnavailable(r);
    await waitUntil(async () => (await listeners()) === 1, 'the webhook LISTEN connection to come back');
  }, 120_000);
});

/** Open LISTEN connections of the webhook dispatcher on the gateway's database. */
async function listeners(): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = $1 and query like 'listen %'`,
      [LISTENER_APPLICATION_NAME],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}
