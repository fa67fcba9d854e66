import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../src/domain/apiKeys/withIdempotency.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import {
  type ApiResponse,
  type Client,
  clientFor,
  createPaymentVia,
  expectError,
  observe,
  outboxOf,
  sql,
  validBody,
} from './apiHelpers.js';
import { type CrashPoint, startCrashingGateway } from './startCrashingGateway.js';

// Every idempotent POST stores its Idempotency-Key's response in the transaction of its change
// (withIdempotency; create-payment in its insert, see inlineIdempotency.test.ts). A gateway in a child
// process is killed (SIGKILL) right after the change commits, before it answers; the same request is
// then repeated on another gateway over the same database: at once, and again once the claim would
// count as abandoned. Each time it must replay the response of the change that happened, which must
// have happened exactly once.

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
const count = async (query: string, params: unknown[]) =>
  Number((await sql<{ n: string }>(test, `select count(*)::text as n from (${query}) q`, params))[0]!.n);
const eventsNamed = async (paymentId: string, event: string) =>
  (await outboxOf(test, paymentId)).filter((row) => row.event === event);

/**
 * Sends `path` with `key` to a gateway process that dies at `at` of `change` (its `occurrence`-th
 * matching statement); asserts the request got no answer.
 */
async function crashDuring(
  path: string,
  body: unknown,
  key: string,
  change: RegExp,
  { at = 'after-commit', occurrence = 1 }: { at?: CrashPoint; occurrence?: number } = {},
): Promise<void> {
  const crashing = await startCrashingGateway(test.running.databaseUrl, change, at, occurrence);
  try {
    const sent = clientFor(crashing.baseUrl, test.apiKey).post(path, body, withKey(key));
    await expect(sent).rejects.toThrow();
    expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });
  } finally {
    await crashing.stop();
  }
}

/** Moves the key's record back two minutes: its claim, if still in progress, now counts as abandoned. */
const ageRecord = (key: string) =>
  sql(
    test,
    `update idempotency_keys set created_at = created_at - interval '2 minutes' where api_key_id = ? and key = ?`,
    [test.apiKeyId, key],
  );

/** The same request after the crash: at once, and once an abandoned claim could be taken over. */
async function repeatAfterCrash(path: string, body: unknown, key: string): Promise<ApiResponse[]> {
  const atOnce = await client.post(path, body, withKey(key));
  await ageRecord(key);
  const later = await client.post(path, body, withKey(key));
  return [atOnce, later];
}

function expectReplays(responses: ApiResponse[], status: number): void {
  for (const response of responses) {
    expect(response.status, response.text).toBe(status);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
  }
  expect(responses[1]!.body).toEqual(responses[0]!.body);
}

/** A payment that received half its amount, at depth 6: underpaid. */
async function underpaidPayment(): Promise<{ id: string }> {
  const payment = await createPaymentVia(client);
  const selected = await client.post(`/checkout/${payment.id}/select-chain`, { token: 'BTC_TESTNET:BTC' });
  expect(selected.status, selected.text).toBe(200);
  await observe(test, payment.id, { fraction: [1n, 2n], depth: 6 });
  return payment;
}

// Each test starts a gateway process (several seconds on a busy machine).
describe('a crash right after the change committed: the repeat replays its response', {
  timeout: 90_000,
}, () => {
  it('record a refund', async () => {
    const payment = await underpaidPayment();
    const path = `/payments/${payment.id}/refunds`;
    const refund = { chain_id: 'BTC_TESTNET', coin_symbol: 'BTC', tx_id: 'a'.repeat(64), amount: '1000' };
    const key = randomUUID();
    await crashDuring(path, refund, key, /insert into "?refunds"?/);

    const responses = await repeatAfterCrash(path, refund, key);
    expectReplays(responses, 201);
    const refunds = await sql<{ id: string }>(test, 'select id from refunds where payment_id = ?', [
      payment.id,
    ]);
    expect(refunds).toHaveLength(1);
    expect(responses[0]!.body.data).toMatchObject({
      id: refunds[0]!.id,
      tx_id: refund.tx_id,
      amount: '1000',
    });
    const refunded = await eventsNamed(payment.id, 'payment.refunded');
    expect(refunded).toHaveLength(1);
    // The response and the webhook were built in the same transaction, from the same refund.
    expect(refunded[0]!.payload.data.payment.refunds).toEqual([responses[0]!.body.data]);
  });

  it('accept a shortfall', async () => {
    const payment = await underpaidPayment();
    const path = `/payments/${payment.id}/accept-shortfall`;
    const key = randomUUID();
    await crashDuring(path, undefined, key, /insert into "?outbox_events"?/);

    const responses = await repeatAfterCrash(path, undefined, key);
    expectReplays(responses, 200);
    expect(responses[0]!.body.data.status).toBe('confirmed');
    const confirmed = await eventsNamed(payment.id, 'payment.confirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.payload.data.payment).toEqual(responses[0]!.body.data);
    expect(
      await count(`select 1 from credit_ledger where payment_id = ? and kind = 'fee'`, [payment.id]),
    ).toBe(1);
  });

  it('select a chain', async () => {
    const payment = await createPaymentVia(client);
    const path = `/checkout/${payment.id}/select-chain`;
    const body = { token: 'LTC_TESTNET:LTC' };
    const key = randomUUID();
    await crashDuring(path, body, key, /insert into "?deposit_targets"?/);

    const responses = await repeatAfterCrash(path, body, key);
    expectReplays(responses, 200);
    const awaiting = await eventsNamed(payment.id, 'payment.awaiting');
    expect(awaiting).toHaveLength(1);
    const [stored] = await sql<{ deposit_address: string }>(
      test,
      'select deposit_address from payments where id = ?',
      [payment.id],
    );
    expect(responses[0]!.body.data.selected).toMatchObject({
      chain_id: 'LTC_TESTNET',
      coin_symbol: 'LTC',
      address: stored!.deposit_address,
    });
    expect(await count('select 1 from deposit_targets where payment_id = ?', [payment.id])).toBe(1);
  });

  it('create a payment whose key it took over from an abandoned claim', async () => {
    // The create path records a new key in its insert; a key already claimed (and abandoned) is taken
    // over and the payment inserted in the transaction that stores the response.
    const key = randomUUID();
    const orderId = `crash-${key}`;
    const body = validBody({ order_id: orderId });
    await sql(
      test,
      `insert into idempotency_keys (api_key_id, key, request_hash, state, created_at)
        values (?, ?, ?, 'in_progress', now() - interval '2 minutes')`,
      [test.apiKeyId, key, requestFingerprint('POST', '/api/v1/payments', body)],
    );
    // The first insert is create's own attempt to record the key, which finds it taken; the second
    // is the one made after the takeover.
    await crashDuring('/payments', body, key, /insert into payments/, { occurrence: 2 });

    const responses = await repeatAfterCrash('/payments', body, key);
    expectReplays(responses, 201);
    const payments = await sql<{ id: string }>(test, 'select id from payments where order_id = ?', [orderId]);
    expect(payments).toHaveLength(1);
    expect(responses[0]!.body.data.id).toBe(payments[0]!.id);
  });
});

// Each test starts a gateway process (several seconds on a busy machine).
describe('a crash just before the commit: the repeat runs the request for the first time', {
  timeout: 90_000,
}, () => {
  it('record a refund', async () => {
    const payment = await underpaidPayment();
    const path = `/payments/${payment.id}/refunds`;
    const refund = { chain_id: 'BTC_TESTNET', coin_symbol: 'BTC', tx_id: 'b'.repeat(64), amount: '1000' };
    const key = randomUUID();
    await crashDuring(path, refund, key, /insert into "?refunds"?/, { at: 'before-commit' });
    expect(await count('select 1 from refunds where payment_id = ?', [payment.id])).toBe(0);

    // The claim is still in progress for a minute; then it is taken over and the refund recorded.
    expectError(await client.post(path, refund, withKey(key)), 'IDEMPOTENCY_REQUEST_IN_PROGRESS');
    await ageRecord(key);
    const first = await client.post(path, refund, withKey(key));
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const replay = await client.post(path, refund, withKey(key));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await count('select 1 from refunds where payment_id = ?', [payment.id])).toBe(1);
    expect(await eventsNamed(payment.id, 'payment.refunded')).toHaveLength(1);
  });
});

describe('a refused request', () => {
  it('stores nothing: its claim is released with its rolled-back transaction, and a retry runs again', async () => {
    const payment = await underpaidPayment();
    const path = `/payments/${payment.id}/refunds`;
    const tooMuch = {
      chain_id: 'BTC_TESTNET',
      coin_symbol: 'BTC',
      tx_id: 'd'.repeat(64),
      amount: '1'.repeat(30),
    };
    const key = randomUUID();
    expectError(await client.post(path, tooMuch, withKey(key)), 'VALIDATION_ERROR', 'amount');
    expect(await sql(test, 'select 1 from idempotency_keys where key = ?', [key])).toEqual([]);
    expectError(await client.post(path, tooMuch, withKey(key)), 'VALIDATION_ERROR', 'amount');
    expect(await count('select 1 from refunds where payment_id = ?', [payment.id])).toBe(0);
    const ok = await client.post(path, { ...tooMuch, amount: '1000' }, withKey(key));
    expect(ok.status, ok.text).toBe(201);
    expect(ok.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('a request whose claim was taken over while it waited', () => {
  it('stores nothing and changes nothing: the request that took the key over makes the change', async () => {
    const payment = await underpaidPayment();
    const path = `/payments/${payment.id}/refunds`;
    const refund = { chain_id: 'BTC_TESTNET', coin_symbol: 'BTC', tx_id: 'c'.repeat(64), amount: '1000' };
    const key = randomUUID();
    // Hold the payment's row lock, so the first request claims the key and then waits for the lock.
    const holder = new pg.Client({ connectionString: test.running.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from payments where id = $1 for update', [payment.id]);
      const waiting = async (n: number) => {
        for (let i = 0; i < 500; i += 1) {
          const [row] = await sql<{ n: string }>(
            test,
            `select count(*)::text as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (Number(row!.n) >= n) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error(`fewer than ${n} requests wait for the payment's lock`);
      };
      const first = client.post(path, refund, withKey(key));
      await waiting(1);
      // A minute later its claim counts as abandoned: a repeat takes the key over, and waits too.
      await ageRecord(key);
      const second = client.post(path, refund, withKey(key));
      await waiting(2);
      await holder.query('commit');

      // The first request gets the lock first, finds its claim gone, and rolls its refund back.
      expectError(await first, 'IDEMPOTENCY_REQUEST_IN_PROGRESS');
      const taken = await second;
      expect(taken.status, taken.text).toBe(201);
      expect(taken.headers.get('idempotent-replayed')).toBeNull();
      const replay = await client.post(path, refund, withKey(key));
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(taken.body);
      expect(await count('select 1 from refunds where payment_id = ?', [payment.id])).toBe(1);
      expect(await eventsNamed(payment.id, 'payment.refunded')).toHaveLength(1);
    } finally {
      await holder.end();
    }
  });
});
