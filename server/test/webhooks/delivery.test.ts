import { WebhookEventSchema } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTestWebhook } from '../../src/domain/webhooks/sendTestWebhook.js';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { awaitingPayment, clientFor, createPaymentVia, observe, sql } from '../api/apiHelpers.js';
import {
  expectSignedBy,
  type Receiver,
  startReceiver,
  startWebhookTest,
  type WebhookTest,
} from './webhookHarness.js';

describe('webhook delivery over real HTTP (docs/webhooks.md: delivery format and signature)', () => {
  let w: WebhookTest;
  let receiver: Receiver;
  let secret: string;

  beforeAll(async () => {
    w = await startWebhookTest();
    receiver = await startReceiver();
    const set = await setWebhookEndpoint(w.context(), {
      apiKeyId: w.test.apiKeyId,
      url: `${receiver.url}/hooks`,
    });
    secret = set.secret!;
  });
  afterAll(async () => {
    await receiver.close();
    await w.stop();
  });

  it('the secret is whsec_ plus 32 random bytes, stored sealed (never in clear)', async () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = await sql<{ secret_sealed: string }>(
      w.test,
      'select secret_sealed from webhook_endpoints where api_key_id = ?',
      [w.test.apiKeyId],
    );
    expect(row!.secret_sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row!.secret_sealed).not.toContain(secret.slice(6));
  });

  it('POSTs each state change with the exact body and headers, signed over the raw body', async () => {
    const client = clientFor(w.test.baseUrl, w.test.apiKey);
    const checkout = await awaitingPayment(client);
    const paymentId = checkout.id ?? checkout.payment_id;
    await observe(w.test, paymentId, { depth: 0 });

    const dispatcher = w.dispatcher();
    const before = receiver.requests.length;
    expect(await dispatcher.deliverDue()).toBe(2);
    const got = receiver.requests.slice(before);
    expect(got.map((r) => r.headers['x-webhook-event'])).toEqual(['payment.awaiting', 'payment.detected']);

    const outbox = await sql<{ payload: Record<string, unknown> }>(
      w.test,
      'select payload from outbox_events where payment_id = ? order by seq',
      [paymentId],
    );
    for (const [index, request] of got.entries()) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/hooks');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toBe('Service-Webhook/1.0');
      expectSignedBy(request, [secret], w.clock.now());
      const body = JSON.parse(request.body);
      expect(Object.keys(body).sort()).toEqual(['created_at', 'data', 'event', 'id']);
      expect(body).toEqual(outbox[index]!.payload);
      expect(body.id).toMatch(/^evt_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(body.event).toBe(request.headers['x-webhook-event']);
      expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      expect(body.data.payment.id).toBe(paymentId);
      // The body is a valid contract event (the schema merchants and the SDK use).
      expect(WebhookEventSchema.safeParse(body).success).toBe(true);
    }

    const log = await w.deliveries('payment_id = ?', [paymentId]);
    expect(log.map((d) => [d.status, d.attempts, d.last_status_code, d.last_response_body])).toEqual([
      ['delivered', 1, 200, 'ok'],
      ['delivered', 1, 200, 'ok'],
    ]);
    expect(log[0].request_body).toBe(got[0]!.body);
    expect(log[0].last_signature).toBe(got[0]!.headers['x-webhook-signature']);
    expect(log[0].last_latency_ms).toBeGreaterThanOrEqual(0);
    expect(log[0].next_attempt_at).toBeNull();
  });

  it('a payment without a chain sends nothing (POST /payments emits no event)', async () => {
    const client = clientFor(w.test.baseUrl, w.test.apiKey);
    const payment = await createPaymentVia(client);
    expect(await w.deliveries('payment_id = ?', [payment.id])).toEqual([]);
  });

  it('Send test fires a synthetic, clearly marked webhook.test event through the same pipeline', async () => {
    const em = w.test.running.gateway.orm.em.fork();
    const { eventId, deliveryId } = await sendTestWebhook(em, w.clock, w.test.apiKeyId);
    const before = receiver.requests.length;
    expect(await w.dispatcher().deliverDue({ ids: [deliveryId] })).toBe(1);
    const request = receiver.requests[before]!;
    expect(request.headers['x-webhook-event']).toBe('webhook.test');
    expectSignedBy(request, [secret], w.clock.now());
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ id: eventId, event: 'webhook.test', data: { test: true, mode: 'test' } });
    expect(body.data.payment).toBeUndefined();
    const [row] = await w.deliveries('id = ?', [deliveryId]);
    expect(row).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      event: 'webhook.test',
    });
  });

  it('only subscribed events are delivered; invoice events only when added', async () => {
    const other = await startReceiver();
    try {
      const { newKey } = await import('../api/apiHelpers.js');
      const key = await newKey(w.test);
      await setWebhookEndpoint(w.context(), {
        apiKeyId: key.id,
        url: `${other.url}/only-detected`,
        events: ['payment.detected', 'invoice.paid'],
      });
      const client = clientFor(w.test.baseUrl, key.key);
      const checkout = await awaitingPayment(client);
      await observe(w.test, checkout.id ?? checkout.payment_id, { depth: 0 });
      await w.dispatcher().deliverDue();
      expect(other.requests.map((r) => r.headers['x-webhook-event'])).toEqual(['payment.detected']);
      const [endpoint] = await sql<{ events: string[] }>(
        w.test,
        'select events from webhook_endpoints where api_key_id = ?',
        [key.id],
      );
      expect(endpoint!.events).toEqual(['payment.detected', 'invoice.paid']);
      const [defaults] = await sql<{ events: string[] }>(
        w.test,
        'select events from webhook_endpoints where api_key_id = ?',
        [w.test.apiKeyId],
      );
      // the 13 product events, payment.received_after_close and payment.reverted, and the 2 stray-funds events
      expect(defaults!.events).toHaveLength(17);
      expect(defaults!.events).toContain('payment.received_after_close');
      expect(defaults!.events.filter((e) => !e.startsWith('payment.'))).toEqual([
        'stray_funds.found',
        'stray_funds.resolved',
      ]);
    } finally {
      await other.close();
    }
  });

  it('a stopping dispatcher finishes the attempt in flight and hands back the claims it had not started', async () => {
    const { newKey } = await import('../api/apiHelpers.js');
    const key = await newKey(w.test);
    await setWebhookEndpoint(w.context(), { apiKeyId: key.id, url: `${receiver.url}/slow-stop` });
    const em = () => w.test.running.gateway.orm.em.fork();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await sendTestWebhook(em(), w.clock, key.id)).deliveryId);
    receiver.respond((r) => (r.path === '/slow-stop' ? { delayMs: 300 } : {}));
    const dispatcher = w.dispatcher({ concurrency: 1, pollIntervalMs: 60_000 });
    const before = receiver.requests.length;
    await dispatcher.start();
    await receiver.waitFor(before + 1, 5000);
    await dispatcher.stop(5000);
    receiver.respond(() => ({}));
    const rows = await w.deliveries('id in (?, ?, ?)', ids);
    expect(rows.map((d) => d.status).sort()).toEqual(['delivered', 'pending', 'pending']);
    expect(
      rows.filter((d) => d.status === 'pending').every((d) => d.locked_until === null && d.attempts === 0),
    ).toBe(true);
    expect(receiver.requests.filter((r) => r.path === '/slow-stop')).toHaveLength(1);
    // The next dispatcher sends them at once (no lease to wait out).
    expect(await w.dispatcher().deliverDue({ ids })).toBe(2);
  });

  it('the dispatcher loop picks new events up by itself (LISTEN/NOTIFY) and stops cleanly', async () => {
    const dispatcher = w.dispatcher({ pollIntervalMs: 60_000 });
    await dispatcher.start();
    const client = clientFor(w.test.baseUrl, w.test.apiKey);
    const before = receiver.requests.length;
    await awaitingPayment(client);
    await receiver.waitFor(before + 1, 5000);
    expect(receiver.requests[before]!.headers['x-webhook-event']).toBe('payment.awaiting');
    await dispatcher.stop();
    expect(dispatcher.running).toBe(false);
  });
});
