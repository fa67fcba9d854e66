import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROTATION_OVERLAP_MS } from '../../src/domain/webhooks/activeSecrets.js';
import { rotateWebhookSecret } from '../../src/domain/webhooks/rotateWebhookSecret.js';
import { sendTestWebhook } from '../../src/domain/webhooks/sendTestWebhook.js';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { claimDeliveries } from '../../src/workers/webhookDelivery/claimDeliveries.js';
import { recordAttemptResults } from '../../src/workers/webhookDelivery/recordAttemptResults.js';
import { MAX_ATTEMPTS } from '../../src/workers/webhookDelivery/retryLadder.js';
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

describe('per-payment ordering when an event is written while the previous result is being written', () => {
  let w: WebhookTest;
  let pool: pg.Pool;
  let client: ReturnType<typeof clientFor>;

  beforeAll(async () => {
    w = await startWebhookTest();
    pool = new pg.Pool({ connectionString: w.test.running.databaseUrl, max: 4 });
    const key = await newKey(w.test);
    await setWebhookEndpoint(w.context(), { apiKeyId: key.id, url: 'http://127.0.0.1:9/unused' });
    client = clientFor(w.test.baseUrl, key.key);
  });
  afterAll(async () => {
    await pool.end();
    await w.stop();
  });

  /** A payment whose first event's delivery is claimed (in flight), and a connection of its own. */
  async function inFlightPayment() {
    const checkout = await awaitingPayment(client);
    const paymentId: string = checkout.id ?? checkout.payment_id;
    const [first] = await w.deliveries('payment_id = ?', [paymentId]);
    const [claimed] = await claimDeliveries(pool, {
      now: w.clock.now(),
      limit: 1,
      leaseSeconds: 60,
      ids: [first.id],
    });
    expect(claimed?.id).toBe(first.id);
    const connection = new pg.Client({ connectionString: w.test.running.databaseUrl });
    await connection.connect();
    const now = w.clock.now();
    const delivered = {
      id: claimed!.id,
      lockToken: claimed!.lockToken,
      status: 'delivered' as const,
      attempts: 1,
      nextAttemptAt: null,
      attemptedAt: now,
      statusCode: 200,
      responseBody: 'ok',
      latencyMs: 3,
      errorClass: null,
      error: null,
      signature: 't=1,v1=00',
      url: claimed!.url,
      completedAt: now,
      paymentId,
    };
    /** Writes the next event of the payment, as a state change does (the outbox trigger queues it). */
    const writeNextEvent = () =>
      connection.query(
        `insert into outbox_events (id, business_id, api_key_id, mode, payment_id, event, payload, created_at)
         select $1, business_id, api_key_id, mode, id, 'payment.detected', '{"event":"payment.detected"}', $2
           from payments where id = $3`,
        [randomUUID(), now, paymentId],
      );
    const nextDelivery = async () =>
      (await w.deliveries('payment_id = ? and event = ?', [paymentId, 'payment.detected']))[0];
    return { paymentId, connection, delivered, writeNextEvent, nextDelivery };
  }
  const settledWithin = (promise: Promise<unknown>, ms: number) =>
    Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

  it('the event written first waits, and the result written after it releases it at once', async () => {
    const p = await inFlightPayment();
    try {
      await p.connection.query('begin');
      await p.writeNextEvent();
      // The result writer waits for the state change's transaction instead of missing its event.
      const recording = recordAttemptResults(pool, [p.delivered], w.clock.now());
      expect(await settledWithin(recording, 300)).toBe(false);
      await p.connection.query('commit');
      expect((await recording).recorded).toBe(1);
      // Due now, not left for the ordering sweep.
      expect((await p.nextDelivery()).next_attempt_at).toEqual(w.clock.now());
    } finally {
      await p.connection.end();
    }
  });

  it('the event written while the result is being written sees it once committed and does not wait', async () => {
    const p = await inFlightPayment();
    const writer = await pool.connect();
    try {
      // A result writer mid-transaction: the payment's ordering lock taken, the first delivery marked.
      await writer.query('begin');
      await writer.query('select webhook_order_lock($1)', [p.paymentId]);
      await writer.query(
        `update webhook_deliveries set status = 'delivered', attempts = 1, completed_at = $2,
                next_attempt_at = null, locked_until = null, lock_token = null
          where id = $1`,
        [p.delivered.id, w.clock.now()],
      );
      const writing = p.writeNextEvent();
      expect(await settledWithin(writing, 300)).toBe(false);
      await writer.query('commit');
      await writing;
      expect((await p.nextDelivery()).next_attempt_at).toEqual(w.clock.now());
    } finally {
      writer.release();
      await p.connection.end();
    }
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
