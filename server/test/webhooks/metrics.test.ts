import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { readQueueDepth } from '../../src/workers/webhookDelivery/readQueueDepth.js';
import { createWebhookMetrics } from '../../src/workers/webhookDelivery/webhookMetrics.js';
import { awaitingPayment, clientFor, newKey, observe } from '../api/apiHelpers.js';
import { type Receiver, startReceiver, startWebhookTest, type WebhookTest } from './webhookHarness.js';

describe('webhook metrics (attempts by outcome and error class, queue depth and age)', () => {
  let w: WebhookTest;
  let receiver: Receiver;
  let client: ReturnType<typeof clientFor>;

  beforeAll(async () => {
    w = await startWebhookTest();
    receiver = await startReceiver();
    const key = await newKey(w.test);
    await setWebhookEndpoint(w.context(), { apiKeyId: key.id, url: `${receiver.url}/metered` });
    client = clientFor(w.test.baseUrl, key.key);
  });
  afterAll(async () => {
    await receiver.close();
    await w.stop();
  });

  /** The value of one sample line of the exposition text (undefined when absent). */
  const sample = (text: string, line: string) => {
    const found = text.split('\n').find((l) => l.startsWith(`${line} `));
    return found === undefined ? undefined : Number(found.slice(line.length + 1));
  };

  it('counts each attempt and reads the queue at scrape time', async () => {
    const registry = new Registry();
    const metrics = createWebhookMetrics(registry, () =>
      readQueueDepth(w.test.running.gateway.orm.em.fork(), w.clock.now()),
    );
    const dispatcher = w.dispatcher({ metrics });

    // A payment with four events: the first is due, the other three wait behind it.
    const checkout = await awaitingPayment(client);
    const paymentId = checkout.id ?? checkout.payment_id;
    const txId = await observe(w.test, paymentId, { depth: 0 });
    await observe(w.test, paymentId, { depth: 1, txId });
    await observe(w.test, paymentId, { depth: 6, txId });
    w.clock.advance(30_000);
    let text = await registry.metrics();
    expect(sample(text, 'cairn_webhook_pending_deliveries{state="due"}')).toBe(1);
    expect(sample(text, 'cairn_webhook_pending_deliveries{state="parked"}')).toBe(3);
    expect(sample(text, 'cairn_webhook_pending_deliveries{state="scheduled"}')).toBe(0);
    expect(sample(text, 'cairn_webhook_oldest_due_seconds')).toBe(30);

    receiver.respond(() => ({ status: 503 }));
    expect(await dispatcher.deliverDue()).toBe(1);
    text = await registry.metrics();
    expect(sample(text, 'cairn_webhook_attempts_total{mode="test",outcome="retry"}')).toBe(1);
    expect(sample(text, 'cairn_webhook_attempt_errors_total{mode="test",class="http_status"}')).toBe(1);
    expect(sample(text, 'cairn_webhook_pending_deliveries{state="scheduled"}')).toBe(1);
    expect(sample(text, 'cairn_webhook_pending_deliveries{state="due"}')).toBe(0);
    expect(sample(text, 'cairn_webhook_oldest_due_seconds')).toBe(0);

    receiver.respond(() => ({}));
    w.clock.advance(15_000);
    expect(await dispatcher.deliverDue()).toBe(4);
    text = await registry.metrics();
    expect(sample(text, 'cairn_webhook_attempts_total{mode="test",outcome="delivered"}')).toBe(4);
    expect(sample(text, 'cairn_webhook_attempt_duration_seconds_count')).toBe(5);
    for (const state of ['due', 'scheduled', 'parked'])
      expect(sample(text, `cairn_webhook_pending_deliveries{state="${state}"}`)).toBe(0);
  });
});
