import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// The verifier is the workspace package merchants install; the server does not depend on it, so the
// tests import its source directly.
import { SignatureMismatchError, verifyWebhook } from '@cairn/webhook-verifier';
import pino from 'pino';
import { expect } from 'vitest';
import { createSecretCipher } from '../../src/domain/webhooks/createSecretCipher.js';
import { createWebhookContext } from '../../src/domain/webhooks/createWebhookContext.js';
import { decodeMasterKey } from '../../src/domain/webhooks/decodeMasterKey.js';
import type { Resolver } from '../../src/domain/webhooks/resolveDestination.js';
import type { WebhookContext } from '../../src/domain/webhooks/webhookContext.js';
import { loadConfig } from '../../src/platform/config/loadConfig.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from '../../src/workers/webhookDelivery/createWebhookDispatcher.js';
import { sql } from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

/** A master key for tests (never a real one). */
export const TEST_MASTER_KEY = randomBytes(32).toString('hex');

/** One request as a receiver saw it: the raw body exactly as received. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Wall-clock ms when the body was complete. */
  readonly at: number;
}

/** How a receiver answers one request. */
export interface Reply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Sent as these chunks with chunked transfer encoding (no Content-Length) instead of `body`. */
  readonly chunks?: readonly string[];
  readonly delayMs?: number;
  /** Never answer (a timeout test); the socket is closed when the receiver closes. */
  readonly hang?: boolean;
}

/** A real HTTP receiver on loopback. */
export interface Receiver {
  readonly url: string;
  readonly port: number;
  readonly requests: ReceivedRequest[];
  /** Sets how the next requests are answered (default 200 "ok"). */
  respond(reply: (request: ReceivedRequest, index: number) => Reply | Promise<Reply>): void;
  /** Resolves once `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 (a free port). */
export async function startReceiver(host = '127.0.0.1'): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let reply: (request: ReceivedRequest, index: number) => Reply | Promise<Reply> = () => ({});
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      const index = requests.push(received) - 1;
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const answer = await reply(received, index);
      if (answer.hang) return;
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      res.writeHead(answer.status ?? 200, { 'content-type': 'text/plain', ...answer.headers });
      if (answer.chunks) {
        for (const chunk of answer.chunks) res.write(chunk);
        res.end();
      } else res.end(answer.body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    requests,
    respond(next) {
      reply = next;
    },
    waitFor(count, timeoutMs = 10_000) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver saw ${requests.length} of ${count} requests`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The `v1` values and `t` of a signature header. */
export function parseSignature(header: string): { t: number; v1: string[] } {
  const parts = header.split(',');
  const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
  return { t, v1: parts.filter((p) => p.startsWith('v1=')).map((p) => p.slice(3)) };
}

/** An HMAC computed here with node:crypto, independently of the gateway and of the verifier. */
export const independentHmac = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/**
 * Asserts that a received request is signed by exactly `secrets` (one v1 each, in order), checked both
 * by `@cairn/webhook-verifier` (with `now` as its clock) and by an independent HMAC; and that each
 * secret in `notSecrets` does not verify.
 */
export function expectSignedBy(
  request: ReceivedRequest,
  secrets: readonly string[],
  now: Date,
  notSecrets: readonly string[] = [],
): void {
  const header = String(request.headers['x-webhook-signature']);
  const { t, v1 } = parseSignature(header);
  expect(header).toMatch(/^t=\d+(,v1=[0-9a-f]{64})+$/);
  expect(t).toBe(Math.floor(now.getTime() / 1000));
  expect(v1).toEqual(secrets.map((secret) => independentHmac(secret, t, request.body)));
  for (const secret of secrets) {
    const event = verifyWebhook({ payload: request.body, header, secret, now: () => now });
    expect(event.id).toMatch(/^evt_[0-9a-f-]{36}$/);
  }
  for (const secret of notSecrets) {
    expect(() => verifyWebhook({ payload: request.body, header, secret, now: () => now })).toThrow(
      SignatureMismatchError,
    );
    expect(v1).not.toContain(independentHmac(secret, t, request.body));
  }
}

/** A resolver tests control: names map to address lists; unknown names fail like NXDOMAIN. */
export function fakeResolver(
  table: Record<string, string[]>,
): Resolver & { table: Record<string, string[]> } {
  const resolver = async (hostname: string) => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({
      address,
      family: address.includes(':') ? (6 as const) : (4 as const),
    }));
  };
  return Object.assign(resolver, { table });
}

const TIMESTAMP_COLUMNS = [
  'next_attempt_at',
  'last_attempt_at',
  'completed_at',
  'created_at',
  'locked_until',
];

/** A test gateway on a manual clock with what the webhook tests need. */
export interface WebhookTest {
  readonly test: TestGateway;
  readonly clock: ManualClock;
  readonly resolver: ReturnType<typeof fakeResolver>;
  /** Endpoint operations (private addresses allowed in test mode, as with the flag). */
  context(options?: { allowPrivate?: boolean }): WebhookContext;
  /** A dispatcher that is not started: tests call `deliverDue()` after moving the clock. */
  dispatcher(overrides?: Partial<WebhookDispatcherOptions>): WebhookDispatcher;
  /** Every delivery row with its `request_body`, oldest first. */
  // biome-ignore lint/suspicious/noExplicitAny: SQL rows
  deliveries(where?: string, params?: unknown[]): Promise<any[]>;
  stop(): Promise<void>;
}

export async function startWebhookTest(
  options: { start?: string; env?: Record<string, string> } = {},
): Promise<WebhookTest> {
  const clock = new ManualClock(options.start ?? '2026-03-01T12:00:00Z');
  const env = { CAIRN_MASTER_KEY: TEST_MASTER_KEY, CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true', ...options.env };
  const test = await startTestGateway({ clock, env });
  const resolver = fakeResolver({});
  const config = loadConfig({ DATABASE_URL: test.running.databaseUrl, ...env });
  const dispatchers: WebhookDispatcher[] = [];
  return {
    test,
    clock,
    resolver,
    context(contextOptions = {}) {
      return createWebhookContext(
        test.running.gateway.orm.em.fork(),
        clock,
        { ...config, CAIRN_ALLOW_PRIVATE_WEBHOOKS: contextOptions.allowPrivate ?? true },
        { resolver },
      );
    },
    dispatcher(overrides = {}) {
      const dispatcher = createWebhookDispatcher({
        databaseUrl: test.running.databaseUrl,
        clock,
        log: pino({ level: 'silent' }),
        cipher: createSecretCipher(decodeMasterKey(TEST_MASTER_KEY)),
        allowPrivateFlag: true,
        concurrency: 16,
        leaseSeconds: 60,
        pollIntervalMs: 50,
        resolver,
        ...overrides,
      });
      dispatchers.push(dispatcher);
      return dispatcher;
    },
    async deliveries(where = 'true', params = []) {
      const rows = await sql(
        test,
        // With the body each delivery sends (its event's), as the delivery log shows it.
        `select * from (select d.*, o.body as request_body
                          from webhook_deliveries d join outbox_events o on o.id = d.outbox_event_id) d
          where ${where} order by event_seq, created_at`,
        params,
      );
      for (const row of rows)
        for (const column of TIMESTAMP_COLUMNS)
          if (typeof row[column] === 'string') row[column] = new Date(row[column] as string);
      return rows;
    },
    async stop() {
      for (const dispatcher of dispatchers) await dispatcher.stop(1000);
      await test.stop();
    },
  };
}
