import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTestWebhook } from '../../src/domain/webhooks/sendTestWebhook.js';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { HEADERS_TIMEOUT_MS } from '../../src/workers/webhookDelivery/createWebhookDispatcher.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../src/workers/webhookDelivery/retryLadder.js';
import { newKey } from '../api/apiHelpers.js';
import { type Receiver, startReceiver, startWebhookTest, type WebhookTest } from './webhookHarness.js';

describe('webhook retries over real HTTP (docs/webhooks.md: retries)', () => {
  let w: WebhookTest;
  let receiver: Receiver;

  beforeAll(async () => {
    w = await startWebhookTest();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await w.stop();
  });

  /** A fresh key with an endpoint at `path` on the receiver, and one queued test event. */
  async function queuedEvent(path: string, url = `${receiver.url}${path}`): Promise<string> {
    const key = await newKey(w.test);
    await setWebhookEndpoint(w.context(), { apiKeyId: key.id, url });
    const { deliveryId } = await sendTestWebhook(w.test.running.gateway.orm.em.fork(), w.clock, key.id);
    return deliveryId;
  }
  // biome-ignore lint/suspicious/noExplicitAny: SQL row
  const row = async (id: string): Promise<any> => (await w.deliveries('id = ?', [id]))[0];
  const hits = (path: string) => receiver.requests.filter((r) => r.path === path);

  it('retries after 10s, 30s, 2m, 10m, 30m, 2h, 8h, 24h (each ±25%), then is exhausted after the 9th attempt', async () => {
    receiver.respond((r) => (r.path === '/ladder' ? { status: 500, body: 'e'.repeat(3000) } : {}));
    const id = await queuedEvent('/ladder');
    const dispatcher = w.dispatcher();
    const started = w.clock.now().getTime();
    let firstFailure = 0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await dispatcher.deliverDue({ ids: [id] }), `attempt ${attempt}`).toBe(1);
      const delivery = await row(id);
      if (attempt === 1) firstFailure = delivery.last_attempt_at.getTime();
      expect(delivery.attempts).toBe(attempt);
      expect(delivery.last_status_code).toBe(500);
      expect(delivery.last_error_class).toBe('http_status');
      expect(delivery.last_response_body).toBe('e'.repeat(1024));
      if (attempt < MAX_ATTEMPTS) {
        expect(delivery.status).toBe('pending');
        const delay = delivery.next_attempt_at.getTime() - delivery.last_attempt_at.getTime();
        const base = RETRY_DELAYS_MS[attempt - 1]!;
        expect(delay, `retry ${attempt}`).toBeGreaterThanOrEqual(base * 0.75);
        expect(delay, `retry ${attempt}`).toBeLessThanOrEqual(base * 1.25);
        // Not a moment early.
        w.clock.set(new Date(delivery.next_attempt_at.getTime() - 1000));
        expect(await dispatcher.deliverDue({ ids: [id] })).toBe(0);
        w.clock.set(delivery.next_attempt_at);
      } else {
        expect(delivery.status).toBe('exhausted');
        expect(delivery.next_attempt_at).toBeNull();
        expect(delivery.completed_at).not.toBeNull();
        // About 35 hours after the first failure (26.2 h to 43.7 h with the jitter).
        const hours = (delivery.last_attempt_at.getTime() - firstFailure) / 3_600_000;
        expect(hours).toBeGreaterThan(35.2 * 0.75);
        expect(hours).toBeLessThan(35.2 * 1.25);
      }
    }
    w.clock.advance(7 * 86_400_000);
    expect(await dispatcher.deliverDue({ ids: [id] })).toBe(0);
    expect(hits('/ladder')).toHaveLength(9);
    // Every attempt sent the same body (same evt_ id), signed afresh.
    expect(new Set(hits('/ladder').map((r) => r.body)).size).toBe(1);
    expect(new Set(hits('/ladder').map((r) => r.headers['x-webhook-signature'])).size).toBe(9);
    expect(started).toBeLessThan(w.clock.now().getTime());
  });

  it('keeps a response body with NUL and a character cut at 1 KiB, as U+FFFD', async () => {
    // 1 + 1200 bytes: the 1 KiB cut falls inside the 512th "é" (two bytes in UTF-8).
    receiver.respond((r) =>
      r.path === '/odd-body' ? { status: 500, body: `\u0000${'é'.repeat(600)}` } : {},
    );
    const id = await queuedEvent('/odd-body');
    expect(await w.dispatcher().deliverDue({ ids: [id] })).toBe(1);
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: 500,
      last_response_body: `\uFFFD${'é'.repeat(511)}\uFFFD`,
    });
  });

  it('keeps the first 1 KiB of a chunked or an oversized response body', async () => {
    const kib = (letter: string) => letter.repeat(1024);
    receiver.respond((r) =>
      r.path === '/chunked'
        ? { status: 503, chunks: Array.from({ length: 200 }, (_, i) => kib(i === 0 ? 'a' : 'b')) }
        : r.path === '/oversized'
          ? { status: 503, body: `${kib('c')}${'d'.repeat(100 * 1024)}` }
          : {},
    );
    for (const [path, kept] of [
      ['/chunked', kib('a')],
      ['/oversized', kib('c')],
    ] as const) {
      const id = await queuedEvent(path);
      expect(await w.dispatcher().deliverDue({ ids: [id] })).toBe(1);
      expect(await row(id), path).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_status_code: 503,
        last_response_body: kept,
      });
    }
  });

  it('a permanent 4xx (400, 401, 403, 404, 405, 410, 413, 422) skips retries', async () => {
    for (const status of [400, 401, 403, 404, 405, 410, 413, 422]) {
      const path = `/permanent-${status}`;
      receiver.respond((r) => (r.path === path ? { status, body: `no ${status}` } : {}));
      const id = await queuedEvent(path);
      expect(await w.dispatcher().deliverDue({ ids: [id] })).toBe(1);
      expect(await row(id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_status_code: status,
        last_response_body: `no ${status}`,
        last_error_class: 'http_status',
        next_attempt_at: null,
      });
      w.clock.advance(3 * 86_400_000);
      expect(await w.dispatcher().deliverDue({ ids: [id] })).toBe(0);
      expect(hits(path)).toHaveLength(1);
    }
  });

  it('408, 425, 429, 5xx and 3xx (redirects are not followed) retry on the ladder', async () => {
    for (const status of [408, 425, 429, 500, 502, 503, 301, 302, 307]) {
      const path = `/transient-${status}`;
      receiver.respond((r) =>
        r.path === path ? { status, headers: { location: `${receiver.url}/redirected` } } : {},
      );
      const id = await queuedEvent(path);
      const attemptedAt = w.clock.now().getTime();
      expect(await w.dispatcher().deliverDue({ ids: [id] })).toBe(1);
      const delivery = await row(id);
      expect(delivery, `status ${status}`).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_status_code: status,
      });
      const delay = delivery.next_attempt_at.getTime() - attemptedAt;
      expect(delay).toBeGreaterThanOrEqual(7_500);
      expect(delay).toBeLessThanOrEqual(12_500);
    }
    expect(hits('/redirected')).toHaveLength(0);
  });

  it('honours a Retry-After within the ladder bounds, and ignores one outside them', async () => {
    const cases: [string, (now: Date) => string, (delay: number) => void][] = [
      ['seconds', () => '300', (delay) => expect(delay).toBe(300_000)],
      [
        'http-date',
        (now) => new Date(now.getTime() + 900_000).toUTCString(),
        // An HTTP date has whole seconds.
        (delay) => expect(Math.abs(delay - 900_000)).toBeLessThan(1_000),
      ],
      [
        'too soon',
        () => '1',
        (delay) => {
          expect(delay).toBeGreaterThanOrEqual(7_500);
          expect(delay).toBeLessThanOrEqual(12_500);
        },
      ],
      [
        'beyond the ladder',
        () => String(40 * 3600),
        (delay) => {
          expect(delay).toBeGreaterThanOrEqual(7_500);
          expect(delay).toBeLessThanOrEqual(12_500);
        },
      ],
    ];
    for (const [name, header, check] of cases) {
      const path = `/retry-after-${name.replace(/\W/g, '-')}`;
      receiver.respond((r) =>
        r.path === path ? { status: 429, headers: { 'retry-after': header(w.clock.now()) } } : {},
      );
      const id = await queuedEvent(path);
      const attemptedAt = w.clock.now().getTime();
      await w.dispatcher().deliverDue({ ids: [id] });
      const delivery = await row(id);
      expect(delivery.status).toBe('pending');
      check(delivery.next_attempt_at.getTime() - attemptedAt);
    }
  });

  it('a refused connection is a retried failure of class "refused"', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const id = await queuedEvent('/closed', `http://127.0.0.1:${port}/closed`);
    await w.dispatcher().deliverDue({ ids: [id] });
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: null,
      last_error_class: 'refused',
    });
  });

  it('waits 30 s for response headers: a slower receiver is a timeout, a slow one within it is delivered', async () => {
    expect(HEADERS_TIMEOUT_MS).toBe(30_000);
    receiver.respond((r) =>
      r.path === '/too-slow' ? { hang: true } : r.path === '/slow' ? { delayMs: 2_000 } : {},
    );
    const slow = await queuedEvent('/too-slow');
    const fine = await queuedEvent('/slow');
    await w.dispatcher().deliverDue({ ids: [slow, fine] });
    const timedOut = await row(slow);
    expect(timedOut).toMatchObject({ status: 'pending', attempts: 1, last_error_class: 'timeout' });
    expect(timedOut.last_latency_ms).toBeGreaterThanOrEqual(29_900);
    expect(timedOut.last_latency_ms).toBeLessThan(33_000);
    expect(await row(fine)).toMatchObject({ status: 'delivered', last_status_code: 200 });
    expect((await row(fine)).last_latency_ms).toBeGreaterThanOrEqual(1_900);
  }, 60_000);
});
