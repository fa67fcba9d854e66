/**
 * Fault injection against the fixture: retries, backoff, Retry-After, idempotency keys across
 * retries, timeouts, aborts and network errors. Waits between attempts go through an injected
 * `sleep` that records the delay and returns at once, so these tests are fast and deterministic.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  Cairn,
  type CairnOptions,
  ConflictError,
  ConnectionError,
  InvalidResponseError,
  NON_RETRYABLE_CONFLICT_CODES,
  RateLimitError,
  RequestAbortedError,
  SDK_VERSION,
  ServerError,
  TimeoutError,
} from '../src/index.js';
import { type FixtureServer, faults, startFixtureServer } from './fixtureServer.js';

let fixture: FixtureServer;
let sleeps: number[];

beforeAll(async () => {
  fixture = await startFixtureServer();
});
afterAll(async () => {
  await fixture.close();
});
beforeEach(() => {
  sleeps = [];
  fixture.requests.length = 0;
  expect(fixture.pendingFaults()).toBe(0);
});

function client(options: Partial<CairnOptions> = {}): Cairn {
  return new Cairn({
    apiKey: fixture.keys.test,
    baseUrl: fixture.baseUrl,
    ...options,
    retry: {
      random: () => 0.5,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options.retry,
    },
  });
}

const createBody = { fiat_amount: '25.00', fiat_currency: 'EUR' } as const;
const postRequests = () => fixture.requests.filter((r) => r.method === 'POST');
const idempotencyKeys = () => postRequests().map((r) => r.headers['idempotency-key']);

async function rejection(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    () => expect.unreachable('expected the call to fail'),
    (error: unknown) => error,
  );
}

describe('retries', () => {
  it('retries 5xx with capped exponential backoff and full jitter, reusing the Idempotency-Key', async () => {
    fixture.injectFaults(faults.serviceUnavailable(), faults.internalError(), faults.serviceUnavailable());
    const payment = await client().payments.create(createBody);
    expect(payment.status).toBe('pending');
    expect(postRequests()).toHaveLength(4);
    const keys = idempotencyKeys();
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // random() = 0.5 of min(8000, 500 * 2^n)
    expect(sleeps).toEqual([250, 500, 1000]);
  });

  it('caps the backoff at maxDelayMs', async () => {
    fixture.injectFaults(...Array.from({ length: 6 }, () => faults.serviceUnavailable()));
    await client({ maxRetries: 6, retry: { random: () => 1 } }).payments.list();
    expect(sleeps).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it('honours Retry-After in seconds on 429', async () => {
    fixture.injectFaults(faults.rateLimited('7'));
    await client().payments.list();
    expect(sleeps).toEqual([7000]);
    expect(fixture.requests).toHaveLength(2);
  });

  it('honours Retry-After as an HTTP-date', async () => {
    fixture.injectFaults(faults.rateLimited(new Date(Date.now() + 5_000).toUTCString()));
    await client().payments.list();
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(3_000);
    expect(sleeps[0]).toBeLessThanOrEqual(6_000);
  });

  it('caps Retry-After at 60 s by default', async () => {
    fixture.injectFaults(faults.rateLimited('3600'));
    await client().payments.list();
    expect(sleeps).toEqual([60_000]);
  });

  it('honours Retry-After on 503', async () => {
    fixture.injectFaults(faults.serviceUnavailable({ 'retry-after': '2' }));
    await client().payments.list();
    expect(sleeps).toEqual([2_000]);
  });

  it('throws RateLimitError with retryAfter once retries are exhausted', async () => {
    fixture.injectFaults(faults.rateLimited('3'), faults.rateLimited('4'));
    const error = await rejection(client({ maxRetries: 1 }).payments.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfter: 4 });
    expect(sleeps).toEqual([3_000]);
  });

  it('retries 409 IDEMPOTENCY_REQUEST_IN_PROGRESS with the same key', async () => {
    fixture.injectFaults(faults.inProgress(), faults.inProgress());
    await client().payments.create(createBody);
    expect(postRequests()).toHaveLength(3);
    expect(new Set(idempotencyKeys()).size).toBe(1);
  });

  it('retries a 409 with an unknown code', async () => {
    fixture.injectFaults({ kind: 'status', status: 409, code: 'SOME_FUTURE_CONFLICT' });
    await client().payments.create(createBody);
    expect(postRequests()).toHaveLength(2);
  });

  it.each(NON_RETRYABLE_CONFLICT_CODES)('does not retry the deterministic conflict %s', async (code) => {
    fixture.injectFaults(faults.conflict(code));
    const error = await rejection(client().payments.create(createBody));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code, status: 409 });
    expect(postRequests()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('throws the last error after maxRetries retries', async () => {
    fixture.injectFaults(...Array.from({ length: 4 }, () => faults.serviceUnavailable()));
    const error = await rejection(client().payments.create(createBody));
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, requestId: expect.any(String) });
    expect(postRequests()).toHaveLength(4);
    expect(new Set(idempotencyKeys()).size).toBe(1);
  });

  it('lets a request override maxRetries (0 disables retries)', async () => {
    fixture.injectFaults(faults.serviceUnavailable());
    await expect(client().payments.list({}, { maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(fixture.requests).toHaveLength(1);
  });

  it('maps a non-JSON 5xx body to ServerError with code HTTP_ERROR and retries it', async () => {
    fixture.injectFaults({ kind: 'status', status: 502, body: '<html>Bad gateway</html>' });
    await client().payments.list();
    fixture.injectFaults({ kind: 'status', status: 502, body: '<html>Bad gateway</html>' });
    const error = await rejection(client({ maxRetries: 0 }).payments.list());
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 502, raw: '<html>Bad gateway</html>' });
  });

  it('does not retry a 2xx body that breaks the contract (InvalidResponseError)', async () => {
    fixture.injectFaults(faults.invalidBody());
    const error = await rejection(client().payments.list());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200, requestId: expect.any(String) });
    expect((error as InvalidResponseError).raw).toMatchObject({ data: { id: 'not-a-payment' } });
    expect(fixture.requests).toHaveLength(1);
  });
});

describe('network errors', () => {
  it('retries a dropped connection with the same Idempotency-Key', async () => {
    fixture.injectFaults(faults.drop());
    const payment = await client().payments.create(createBody);
    expect(payment.id).toEqual(expect.any(String));
    expect(postRequests()).toHaveLength(2);
    expect(new Set(idempotencyKeys()).size).toBe(1);
  });

  it('throws ConnectionError when the connection keeps dropping', async () => {
    fixture.injectFaults(faults.drop(), faults.drop());
    const error = await rejection(client({ maxRetries: 1 }).payments.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'CONNECTION_ERROR', status: undefined });
    expect((error as ConnectionError).cause).toBeDefined();
  });

  it('throws ConnectionError for an unreachable gateway', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const error = await rejection(client({ baseUrl: `http://127.0.0.1:${port}` }).payments.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(sleeps).toHaveLength(3);
  });
});

describe('timeouts and aborts', () => {
  it('times out an attempt and retries it', async () => {
    // The retry must answer within the same timeout: 1 s leaves room for a loaded machine (at 100 ms
    // the fixture's normal answer timed out too under a load of 30, making a third request).
    fixture.injectFaults(faults.delay(4_000));
    const payment = await client({ timeoutMs: 1_000 }).payments.create(createBody);
    expect(payment.status).toBe('pending');
    expect(postRequests()).toHaveLength(2);
    expect(new Set(idempotencyKeys()).size).toBe(1);
  });

  it('throws TimeoutError when every attempt times out', async () => {
    fixture.injectFaults(faults.delay(1_000));
    const started = Date.now();
    const error = await rejection(client().payments.list({}, { timeoutMs: 100, maxRetries: 0 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'TIMEOUT', status: undefined });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('stops at once, without retrying, when the caller aborts', async () => {
    fixture.injectFaults(faults.delay(2_000));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user navigated away')), 50);
    const started = Date.now();
    const error = await rejection(client().payments.list({}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error).toMatchObject({ code: 'ABORTED', name: 'AbortError' });
    expect((error as Error).cause).toEqual(new Error('user navigated away'));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(fixture.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const error = await rejection(client().payments.list({}, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(fixture.requests).toHaveLength(0);
  });

  it('stops waiting between retries when the caller aborts', async () => {
    fixture.injectFaults(faults.serviceUnavailable());
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const slow = new Cairn({
      apiKey: fixture.keys.test,
      baseUrl: fixture.baseUrl,
      retry: { baseDelayMs: 10_000, random: () => 1 },
    });
    await expect(slow.payments.list({}, { signal: controller.signal })).rejects.toBeInstanceOf(
      RequestAbortedError,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(fixture.requests).toHaveLength(1);
  });

  it('aborts every request of a client through the client-level signal', async () => {
    const controller = new AbortController();
    const cairn = client({ signal: controller.signal });
    await cairn.payments.list();
    controller.abort();
    await expect(cairn.payments.list()).rejects.toBeInstanceOf(RequestAbortedError);
  });
});

describe('request headers', () => {
  it('identifies the SDK and authenticates every request', async () => {
    await client().payments.list();
    const headers = fixture.requests[0]!.headers;
    expect(headers['user-agent']).toBe(`@cairn/sdk/${SDK_VERSION}`);
    expect(headers['x-cairn-client']).toBe(`@cairn/sdk/${SDK_VERSION}`);
    expect(headers.authorization).toBe(`Bearer ${fixture.keys.test}`);
    expect(headers.accept).toBe('application/json');
  });

  it('adds an Idempotency-Key to POSTs only, and uses the caller’s key verbatim', async () => {
    const cairn = client();
    const payment = await cairn.payments.create(createBody, { idempotencyKey: 'order-1042-create' });
    await cairn.payments.retrieve(payment.id);
    await cairn.payments.cancel(payment.id);
    const byMethod = Object.fromEntries(
      fixture.requests.map((r) => [r.method, r.headers['idempotency-key']]),
    );
    expect(byMethod).toEqual({ POST: 'order-1042-create', GET: undefined, DELETE: undefined });
  });

  it('sends a new key for each call', async () => {
    const cairn = client();
    await cairn.payments.create(createBody);
    await cairn.payments.create(createBody);
    const [first, second] = idempotencyKeys();
    expect(first).not.toBe(second);
  });

  it('sends extra headers from the client and the request', async () => {
    await client({ headers: { 'x-shop': 'one' } }).payments.list({}, { headers: { 'x-trace': 'abc' } });
    expect(fixture.requests[0]!.headers).toMatchObject({ 'x-shop': 'one', 'x-trace': 'abc' });
  });
});
