import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROTATION_OVERLAP_MS } from '../../src/webhooks/activeSecrets.js';
import { MAX_ATTEMPTS } from '../../src/webhooks/retryLadder.js';
import { rotateWebhookSecret } from '../../src/webhooks/rotateWebhookSecret.js';
import { sendTestWebhook } from '../../src/webhooks/sendTestWebhook.js';
import { setWebhookEndpoint } from '../../src/webhooks/setWebhookEndpoint.js';
import { awaitingPayment, clientFor, newKey, observe, sql } from '../api/apiHelpers.js';
import {
  expectSignedBy,
  parseSignature,
  type ReceivedRequest,
  type Receiver,
  startReceiver,
  startWebhookTest,
  type WebhookTest,
} from './webhookHarness.js';

const paymentOf = (r: ReceivedRequest): string | undefined => JSON.parse(r.body).data?.payment?.id;
const eventOf = (r: ReceivedRequest) => String(r.headers['x-webhook-event']);

describe('per-payment ordering over real HTTP', () => {
  let w: WebhookTest;
  let receiver: Receiver;
  let client: ReturnType<typeof clientFor>;

  beforeAll(async () => {
    w = await startWebhookTest();
    receiver = await startReceiver();
    const key = await newKey(w.test);
    await setWebhookEndpoint(w.context(), { apiKeyId: key.id, url: `${receiver.url}/ordered` });
    client = clientFor(w.test.baseUrl, key.key);
  });
  afterAll(async () => {
    await receiver.close();
    await w.stop();
  });

  /** A payment that went awaiting -> detected -> confirming -> confirmed (four events, in order). */
  async function paidPayment(): Promise<string> {
    const checkout = await awaitingPayment(client);
    const id = checkout.id ?? checkout.payment_id;
    const txId = await observe(w.test, id, { depth: 0 });
    await observe(w.test, id, { depth: 1, txId });
    await observe(w.test, id, { depth: 6, txId });
    return id;
  }
  const seen = (payment: string) => receiver.requests.filter((r) => paymentOf(r) === payment).map(eventOf);

  it('a later event waits while an earlier one of the same payment is retrying; other payments do not', async () => {
    const slow = await paidPayment();
    const other = await paidPayment();
    let failures = 1;
    receiver.respond((r) =>
      paymentOf(r) === slow && eventOf(r) === 'payment.awaiting' && failures-- > 0 ? { status: 503 } : {},
    );
    const dispatcher = w.dispatcher();
    await dispatcher.deliverDue();
    expect(seen(slow)).toEqual(['payment.awaiting']);
    expect(seen(other)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
    const waiting = await w.deliveries('payment_id = ?', [slow]);
    expect(waiting.map((d) => [d.event, d.status, d.attempts])).toEqual([
      ['payment.awaiting', 'pending', 1],
      ['payment.detected', 'pending', 0],
      ['payment.confirming', 'pending', 0],
      ['payment.confirmed', 'pending', 0],
    ]);

    w.clock.advance(13_000);
    await dispatcher.deliverDue();
    expect(seen(slow)).toEqual([
      'payment.awaiting',
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
  });

  it('an exhausted or permanently failed event unblocks the next one', async () => {
    const exhausted = await paidPayment();
    const rejected = await paidPayment();
    receiver.respond((r) => {
      if (eventOf(r) !== 'payment.awaiting') return {};
      if (paymentOf(r) === exhausted) return { status: 500 };
      if (paymentOf(r) === rejected) return { status: 410 };
      return {};
    });
    const dispatcher = w.dispatcher();
    await dispatcher.deliverDue();
    // 410 is permanent: the rest of that payment follows at once.
    expect(seen(rejected)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(seen(exhausted)).toEqual(Array(attempt - 1).fill('payment.awaiting'));
      w.clock.advance(31 * 3_600_000);
      await dispatcher.deliverDue();
    }
    const [first] = await w.deliveries('payment_id = ? and event = ?', [exhausted, 'payment.awaiting']);
    expect(first).toMatchObject({ status: 'exhausted', attempts: 9 });
    expect(seen(exhausted)).toEqual([
      ...Array(MAX_ATTEMPTS).fill('payment.awaiting'),
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
  });
  it('a delivery left parked (the trigger raced a result) is released by the ordering sweep', async () => {
    const payment = await paidPayment();
    // The race, staged: the first event finished without its successor being given a due time.
    await sql(
      w.test,
      `update webhook_deliveries set status = 'delivered', attempts = 1, next_attempt_at = null, completed_at = ?
        where payment_id = ? and event = 'payment.awaiting'`,
      [w.clock.now(), payment],
    );
    expect(await w.dispatcher().deliverDue()).toBe(0);
    const dispatcher = w.dispatcher({ pollIntervalMs: 60_000, sweepIntervalMs: 100 });
    const before = receiver.requests.length;
    await dispatcher.start();
    await receiver.waitFor(before + 3, 5000);
    await dispatcher.stop();
    expect(seen(payment)).toEqual(['payment.detected', 'payment.confirming', 'payment.confirmed']);
  });
});

describe('secret rotation over real HTTP: 24 h overlap with two v1 values, then only the new secret', () => {
  let w: WebhookTest;
  let receiver: Receiver;
  let keyId: string;
  let original: string;

  beforeAll(async () => {
    w = await startWebhookTest();
    receiver = await startReceiver();
    keyId = (await newKey(w.test)).id;
    original = (await setWebhookEndpoint(w.context(), { apiKeyId: keyId, url: `${receiver.url}/rotating` }))
      .secret!;
  });
  afterAll(async () => {
    await receiver.close();
    await w.stop();
  });

  async function deliverTest(): Promise<ReceivedRequest> {
    const { deliveryId } = await sendTestWebhook(w.test.running.gateway.orm.em.fork(), w.clock, keyId);
    const before = receiver.requests.length;
    expect(await w.dispatcher().deliverDue({ ids: [deliveryId] })).toBe(1);
    expect(receiver.requests).toHaveLength(before + 1);
    return receiver.requests[before]!;
  }

  it('signs with the new and the old secret for 24 hours, then the old one stops verifying', async () => {
    expectSignedBy(await deliverTest(), [original], w.clock.now());

    const rotatedAt = w.clock.now().getTime();
    const { secret: rotated, previousValidUntil } = await rotateWebhookSecret(w.context(), keyId);
    expect(rotated).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(rotated).not.toBe(original);
    expect(previousValidUntil.getTime() - rotatedAt).toBe(ROTATION_OVERLAP_MS);

    w.clock.advance(3_600_000);
    const during = await deliverTest();
    expect(parseSignature(String(during.headers['x-webhook-signature'])).v1).toHaveLength(2);
    expectSignedBy(during, [rotated, original], w.clock.now());

    w.clock.set(new Date(rotatedAt + ROTATION_OVERLAP_MS - 1000));
    expectSignedBy(await deliverTest(), [rotated, original], w.clock.now());

    w.clock.set(new Date(rotatedAt + ROTATION_OVERLAP_MS + 1000));
    expectSignedBy(await deliverTest(), [rotated], w.clock.now(), [original]);
  });

  it('a retry after the overlap ends is signed with the new secret only', async () => {
    const { secret: current } = await rotateWebhookSecret(w.context(), keyId);
    const rotatedAt = w.clock.now().getTime();
    const { deliveryId } = await sendTestWebhook(w.test.running.gateway.orm.em.fork(), w.clock, keyId);
    let first = true;
    receiver.respond(() => {
      if (!first) return {};
      first = false;
      return { status: 500 };
    });
    const dispatcher = w.dispatcher();
    const before = receiver.requests.length;
    w.clock.set(new Date(rotatedAt + ROTATION_OVERLAP_MS - 5_000));
    await dispatcher.deliverDue({ ids: [deliveryId] });
    const failed = receiver.requests[before]!;
    expect(parseSignature(String(failed.headers['x-webhook-signature'])).v1).toHaveLength(2);
    w.clock.advance(15_000);
    await dispatcher.deliverDue({ ids: [deliveryId] });
    const retried = receiver.requests[before + 1]!;
    expect(retried.body).toBe(failed.body);
    expectSignedBy(retried, [current], w.clock.now());
    // Rotating twice within an overlap keeps at most two secrets signing (the oldest is retired).
    const { secret: third } = await rotateWebhookSecret(w.context(), keyId);
    const { secret: fourth } = await rotateWebhookSecret(w.context(), keyId);
    expectSignedBy(await deliverTest(), [fourth, third], w.clock.now(), [current]);
  });
});
