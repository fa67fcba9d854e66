import { signWebhook } from '@cairn/webhook-verifier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookContext } from '../../src/domain/webhooks/createWebhookContext.js';
import { redeliverWebhook } from '../../src/domain/webhooks/redeliverWebhook.js';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { awaitingPayment, type Client, clientFor, sql } from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { WEBHOOK_RECEIVER_ENV, type WebhookReceiver } from './attachWebhookReceiver.js';
import { eventNamesFor, eventsFor, receiveWebhooks } from './eventsFor.js';

// The receiver every chain suite reads its events from (eventsFor): it must see deliveries, not the
// outbox. So a delivery that never arrives, or one that does not verify, fails eventsFor; a
// redelivery is deduplicated on its id. (No chain node needed: payment.awaiting comes from
// select-chain.)

describe('the chain suites’ webhook receiver', () => {
  let test: TestGateway;
  let receiver: WebhookReceiver;
  let client: Client;
  const clock = new ManualClock(new Date());
  const context = () =>
    createWebhookContext(test.running.gateway.orm.em.fork(), clock, test.running.gateway.config);

  beforeAll(async () => {
    test = await startTestGateway({ clock, env: { ...WEBHOOK_RECEIVER_ENV } });
    receiver = await receiveWebhooks(test);
    client = clientFor(test.baseUrl, test.apiKey);
  });
  afterAll(async () => {
    await receiver?.stop();
    await test?.stop();
  });

  it('returns the delivered, verified event with its body', async () => {
    const { payment_id: id } = await awaitingPayment(client);
    const events = await eventsFor(test, id);
    expect(events).toEqual([
      expect.objectContaining({ event: 'payment.awaiting', data: expect.objectContaining({}) }),
    ]);
    expect(events[0]!.data.payment).toMatchObject({ id, status: 'awaiting_payment' });
    expect(receiver.delivered.map((d) => d.id)).toContain(events[0]!.id);
  });

  it('a redelivery of the same event is deduplicated on its id', async () => {
    const { payment_id: id } = await awaitingPayment(client);
    await eventsFor(test, id);
    // Received, and then recorded as delivered (a pending delivery cannot be sent again).
    const recorded = async () =>
      (
        await sql<{ id: string; status: string }>(
          test,
          'select id, status from webhook_deliveries where payment_id = ?',
          [id],
        )
      )[0]!;
    const deadline = Date.now() + 10_000;
    while ((await recorded()).status !== 'delivered') {
      if (Date.now() > deadline)
        throw new Error(`delivery not recorded: ${JSON.stringify(await recorded())}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const delivery = await recorded();
    const before = receiver.duplicates;
    await redeliverWebhook(test.running.gateway.orm.em.fork(), clock, delivery.id);
    await receiver.waitUntil(
      () => receiver.duplicates === before + 1,
      10_000,
      async () => 'no redelivery',
    );
    expect(await eventNamesFor(test, id)).toEqual(['payment.awaiting']);
  });

  it('an event that is never delivered fails eventsFor, with the delivery log', async () => {
    const url = receiver.url;
    // Nothing listens on port 9 of loopback: the attempt is refused, and its retry is 10 s away on a
    // clock that does not move.
    await setWebhookEndpoint(context(), { apiKeyId: test.apiKeyId, url: 'http://127.0.0.1:9/' });
    try {
      const { payment_id: id } = await awaitingPayment(client);
      await expect(eventsFor(test, id, 1500)).rejects.toThrow(/not delivered within 1500 ms[\s\S]*"refused"/);
    } finally {
      await setWebhookEndpoint(context(), { apiKeyId: test.apiKeyId, url: `${url}/webhooks/cairn` });
    }
  });

  it('a delivery that does not verify is refused, and eventsFor fails at once', async () => {
    const { payment_id: id } = await awaitingPayment(client);
    const payload = JSON.stringify({
      id: 'evt_00000000-0000-4000-8000-000000000000',
      event: 'payment.confirmed',
      created_at: clock.now().toISOString(),
      data: { payment: { id } },
    });
    const forged = await fetch(`${receiver.url}/webhooks/cairn`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Service-Webhook/1.0',
        'x-webhook-event': 'payment.confirmed',
        'x-webhook-signature': signWebhook({
          payload,
          secret: 'whsec_not_the_endpoint_secret',
          timestamp: clock.now(),
        }),
      },
      body: payload,
    });
    expect(forged.status).toBe(400);
    expect(receiver.rejected.at(-1)?.reason).toMatch(/SignatureMismatch/);
    expect(receiver.has('evt_00000000-0000-4000-8000-000000000000')).toBe(false);
    await expect(eventsFor(test, id)).rejects.toThrow(/refused 1 delivery/);
  });
});
