import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainWatcher } from '../../src/chains/watchers/ChainWatcher.js';
import { scheduleTimer } from '../../src/domain/payments/jobs.js';
import { DATABASE_TIMEOUTS } from '../../src/platform/db/databaseTimeouts.js';
import { removeEmbeddedDataDir } from '../../src/platform/db/embedded/removeEmbeddedDataDir.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/platform/db/startEmbeddedPostgres.js';
import { LISTENER_APPLICATION_NAME } from '../../src/workers/webhookDelivery/listenForDeliveries.js';
import { WEBHOOK_RECEIVER_ENV, type WebhookReceiver } from '../chains/attachWebhookReceiver.js';
import { allDelivered, eventNamesFor, receiveWebhooks } from '../chains/eventsFor.js';
import { freePort } from '../harness/freePort.js';
import { type Litecoind, litecoindAvailable, startLitecoind } from '../harness/startLitecoind.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { waitUntil } from '../harness/waitUntil.js';
import {
  expectApiUnavailable,
  expectCheckoutUnavailable,
  type TimedResponse,
  timedRequest,
} from './outageHttp.js';

// The gateway's PostgreSQL (its own cluster, in a temp dir on a free port, never the machine's shared
// server) is stopped for 20 seconds while the gateway runs as in production: the LTC_REGTEST watcher
// loop on a real `litecoind -regtest`, the job workers and the webhook delivery loop to a verifying
// receiver. Payments are created, chosen and paid around and during the outage. During it every
// request is answered 503 (never a 500, never a hang: each has a client timeout) and /readyz says
// why; after the restart (same data dir and port) everything resumes by itself: accepted payments
// and their events are all there and delivered, the payments paid during the outage are detected and
// confirmed, a timer that came due during the outage fires, an open checkout stream reports the
// change, and the webhook LISTEN connection is back.

const OUTAGE_MS = 20_000;
/** A client gives up after this; every answer must come well before. */
const CLIENT_TIMEOUT_MS = 10_000;
/** "Within a few seconds": a refused connection answers at once; a hanging one after the pool timeouts. */
const ANSWER_WITHIN_MS = DATABASE_TIMEOUTS.acquireMs;
/** Probing pace during the outage (a round of requests every so often, not a synchronisation sleep). */
const ROUND_EVERY_MS = 500;
const CONFIRMATIONS = 2;

const suite = litecoindAvailable('database outage') ? describe : describe.skip;

/** The `status` of each server-sent `status` event of a checkout page's live stream, in order. */
interface StatusStream {
  readonly statuses: string[];
  close(): void;
}

async function openStatusStream(url: string): Promise<StatusStream> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  expect(response.status).toBe(200);
  const statuses: string[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = message.split('\n').find((line) => line.startsWith('data: '));
          if (message.startsWith('event: status') && data) statuses.push(JSON.parse(data.slice(6)).status);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return { statuses, close: () => controller.abort() };
}

suite('the database going away for 20 seconds', () => {
  let dataDir: string;
  let port: number;
  let database: EmbeddedDatabase;
  let node: Litecoind;
  let test: TestGateway;
  let receiver: WebhookReceiver;
  let watcher: ChainWatcher;
  let stream: StatusStream | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cairn-outage-pg-'));
    port = await freePort();
    database = await startEmbeddedPostgres({ dataDir, port, database: 'cairn' });
    node = await startLitecoind();
    test = await startTestGateway({
      databaseUrl: database.url,
      workers: true,
      watchers: true,
      env: {
        ...WEBHOOK_RECEIVER_ENV,
        CAIRN_CHAIN_LTC_REGTEST_RPC_URL: node.rpcUrl,
        CAIRN_CHAIN_LTC_REGTEST_POLL_MS: '200',
        CAIRN_CHAIN_LTC_REGTEST_CONFIRMATIONS: String(CONFIRMATIONS),
        CAIRN_CHECKOUT_STATUS_POLL_MS: '200',
        // The outage is probed twice a second; the customers' action limit is not under test.
        CAIRN_CHECKOUT_ACTIONS_PER_MINUTE: '1000',
      },
    });
    receiver = await receiveWebhooks(test);
    watcher = test.running.chainWatchers!.watchers.find((w) => w.chainId === 'LTC_REGTEST')!;
    const tip = await node.height();
    await waitUntil(
      async () => watcher.status().role === 'active' && watcher.status().cursorHeight === tip,
      `the LTC_REGTEST watcher to be active at height ${tip}`,
    );
    // The chain is offered once that sync has been reported (a moment after the cursor moves).
    await waitUntil(
      async () => test.running.gateway.chainAvailability.isOffered('LTC_REGTEST'),
      'LTC_REGTEST to be offered to payments',
    );
  });

  afterAll(async () => {
    stream?.close();
    await receiver?.stop();
    await test?.stop();
    await database?.stop();
    await node?.stop();
    if (dataDir) removeEmbeddedDataDir(dataDir);
  });

  const api = (path: string) => `${test.baseUrl}/api/v1${path}`;
  const call = (path: string, options: { method?: string; json?: unknown } = {}) =>
    timedRequest(api(path), { ...options, key: test.apiKey, timeoutMs: CLIENT_TIMEOUT_MS });
  const created: string[] = [];

  async function createPayment(): Promise<string> {
    const response = await call('/payments', {
      method: 'POST',
      json: { fiat_amount: '25.00', fiat_currency: 'USD' },
    });
    expect(response.status, response.text).toBe(201);
    created.push(response.body.data.id);
    return response.body.data.id;
  }

  /** Creates a payment and picks LTC_REGTEST:LTC; returns its deposit address and amount. */
  async function createLtcPayment(): Promise<{ id: string; address: string; amount: bigint }> {
    const id = await createPayment();
    const selected = await call(`/checkout/${id}/select-chain`, {
      method: 'POST',
      json: { token: 'LTC_REGTEST:LTC' },
    });
    expect(selected.status, selected.text).toBe(200);
    return {
      id,
      address: selected.body.data.selected.address,
      amount: BigInt(selected.body.data.selected.crypto_amount),
    };
  }

  const statusOf = async (id: string) => {
    const response = await call(`/payments/${id}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data.status as string;
  };

  /** Backends of the gateway's database whose application is `name` and whose last query matches. */
  async function backends(name: string, query: string): Promise<number> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = $1 and query like $2`,
        [name, query],
      );
      return rows[0]!.n;
    } finally {
      await client.end();
    }
  }

  it('answers 503 during the outage and loses nothing after it', async () => {
    // Before: A and B are chosen and will be paid during the outage; D is chosen and paid after it;
    // C stays pending, with its window timer due during the outage.
    const a = await createLtcPayment();
    const b = await createLtcPayment();
    const d = await createLtcPayment();
    const c = await createPayment();
    stream = await openStatusStream(`${test.baseUrl}/checkout/${b.id}/events`);
    await waitUntil(
      async () => stream!.statuses.includes('awaiting_payment'),
      'the checkout stream to report B awaiting payment',
    );
    expect(await backends(LISTENER_APPLICATION_NAME, 'listen %')).toBe(1);
    // C's window closes 5 s into the outage (set here rather than waited for: a window is an hour).
    const cDue = new Date(Date.now() + 5_000);
    await test.running.gateway.orm.em.fork().transactional(async (em) => {
      await em
        .getConnection()
        .execute(
          'update payments set expires_at = ? where id = ?',
          [cDue.toISOString(), c],
          'all',
          em.getTransactionContext(),
        );
      await scheduleTimer(em, c, 'window', cDue);
    });

    // The outage.
    await database.stop();
    const outageStart = Date.now();
    const onChain = (async () => {
      // A is paid and mined to the required depth while the gateway cannot record anything; B is
      // paid and stays in the mempool.
      const txA = await node.send(a.address, a.amount);
      await node.mine(CONFIRMATIONS);
      const txB = await node.send(b.address, b.amount);
      return { txA, txB };
    })();
    const answers: TimedResponse[] = [];
    const pages: TimedResponse[] = [];
    const readiness: TimedResponse[] = [];
    while (Date.now() - outageStart < OUTAGE_MS) {
      const round = Date.now();
      const [apiRound, pageRound, ready] = await Promise.all([
        Promise.all([
          call('/payments', { method: 'POST', json: { fiat_amount: '5.00', fiat_currency: 'USD' } }),
          call(`/checkout/${c}/select-chain`, { method: 'POST', json: { token: 'LTC_REGTEST:LTC' } }),
          call(`/payments/${a.id}`),
          call('/payments'),
          call(`/payments/${d.id}`, { method: 'DELETE' }),
        ]),
        Promise.all([
          timedRequest(`${test.baseUrl}/checkout/${b.id}`, { timeoutMs: CLIENT_TIMEOUT_MS }),
          timedRequest(`${test.baseUrl}/checkout/${c}/select`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            timeoutMs: CLIENT_TIMEOUT_MS,
          }),
        ]),
        timedRequest(`${test.baseUrl}/readyz`, { timeoutMs: CLIENT_TIMEOUT_MS }),
      ]);
      answers.push(...apiRound);
      pages.push(...pageRound);
      readiness.push(ready);
      const wait = ROUND_EVERY_MS - (Date.now() - round);
      if (wait > 0 && Date.now() - outageStart + wait < OUTAGE_MS)
        await new Promise((r) => setTimeout(r, wait));
      else if (wait > 0) break;
    }
    const remaining = OUTAGE_MS - (Date.now() - outageStart);
    if (remaining > 0) await new Promise((r) => setTimeout(r, remaining));
    const { txA, txB } = await onChain;
    database = await startEmbeddedPostgres({ dataDir, port, database: 'cairn' });
    const restartedAt = new Date();

    // During the outage: only retryable 503s, each within seconds, and /readyz saying why.
    console.info(
      `outage: ${answers.length} API requests, ${pages.length} checkout pages, ${readiness.length} readyz; slowest ${Math.max(...[...answers, ...pages, ...readiness].map((r) => r.ms))} ms`,
    );
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) expectApiUnavailable(answer);
    for (const page of pages) expectCheckoutUnavailable(page);
    for (const ready of readiness) {
      expect(ready.status, ready.text).toBe(503);
      expect(ready.body.status).toBe('not_ready');
      expect(ready.body.checks.database, ready.text).toMatch(/^down: /);
    }
    expect(readiness.map((r) => r.body.checks.database)).toContain('down: connection refused (ECONNREFUSED)');
    for (const answer of [...answers, ...pages, ...readiness])
      expect(answer.ms, `${answer.method} ${answer.url}`).toBeLessThan(ANSWER_WITHIN_MS);

    // After the restart, every part resumes by itself.
    await waitUntil(async () => {
      const ready = await timedRequest(`${test.baseUrl}/readyz`, { timeoutMs: CLIENT_TIMEOUT_MS });
      return ready.status === 200 && ready.body.checks['chain:LTC_REGTEST'] === 'ok';
    }, '/readyz to be ready again');
    await waitUntil(
      async () => (await backends(LISTENER_APPLICATION_NAME, 'listen %')) === 1,
      'the webhook LISTEN connection to be back',
    );
    // /readyz says the watcher runs; payments may pick the chain only once a sync after the restart
    // was recorded (the outage outlasted the offline threshold, so the chain stopped being offered).
    await waitUntil(
      async () => test.running.gateway.chainAvailability.isOffered('LTC_REGTEST'),
      'LTC_REGTEST to be offered again',
    );
    // E is created, chosen and paid after the outage; D (chosen before) is paid now.
    const e = await createLtcPayment();
    await node.send(d.address, d.amount);
    await node.send(e.address, e.amount);
    await waitUntil(
      async () =>
        (await Promise.all([b, d, e].map((p) => statusOf(p.id)))).every((s) => s === 'payment_detected'),
      'B, D and E to be detected',
    );
    await node.mine(CONFIRMATIONS);
    for (const p of [a, b, d, e]) {
      await waitUntil(async () => (await statusOf(p.id)) === 'confirmed', `payment ${p.id} to be confirmed`);
    }
    // The payments paid during the outage were found by the watcher once it could record them.
    const transfers = await test.running.gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ payment_id: string; tx_id: string }[]>(
        'select payment_id, tx_id from transfers where payment_id in (?, ?)',
        [a.id, b.id],
      );
    expect(new Map(transfers.map((t) => [t.payment_id, t.tx_id]))).toEqual(
      new Map([
        [a.id, txA],
        [b.id, txB],
      ]),
    );

    // C's window timer, due during the outage, fired after it.
    await waitUntil(async () => (await statusOf(c)) === 'expired', 'C to expire');
    const cRead = await call(`/payments/${c}`);
    expect(new Date(cRead.body.data.updated_at).getTime()).toBeGreaterThanOrEqual(restartedAt.getTime());

    // Every accepted payment is there (nothing was accepted during the outage) and every event of
    // each was delivered to the verifying receiver, in order.
    const listed = await call('/payments?limit=100');
    expect(listed.status, listed.text).toBe(200);
    expect(new Set(listed.body.data.map((p: { id: string }) => p.id))).toEqual(new Set(created));
    const paid = ['payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.confirmed'];
    for (const p of [a, b, d, e]) expect(await eventNamesFor(test, p.id)).toEqual(paid);
    expect(await eventNamesFor(test, c)).toEqual(['payment.expired']);
    await allDelivered(test);
    expect(receiver.rejected).toEqual([]);

    // The checkout page left open through the outage saw B's payment arrive.
    await waitUntil(
      async () => stream!.statuses.includes('confirmed'),
      'the checkout stream to report B confirmed',
    );
    expect(stream.statuses[0]).toBe('awaiting_payment');
  }, 300_000);
});
