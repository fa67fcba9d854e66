import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { claimDeliveries } from '../../src/workers/webhookDelivery/claimDeliveries.js';
import { planAttemptResult } from '../../src/workers/webhookDelivery/planAttemptResult.js';
import { readQueueDepth } from '../../src/workers/webhookDelivery/readQueueDepth.js';
import { recordAttemptResults } from '../../src/workers/webhookDelivery/recordAttemptResults.js';
import { releaseDeliveries } from '../../src/workers/webhookDelivery/releaseDeliveries.js';
import { unparkDeliveries } from '../../src/workers/webhookDelivery/unparkDeliveries.js';
import { awaitingPayment, clientFor, newKey, observe } from '../api/apiHelpers.js';
import { type Receiver, startReceiver, startWebhookTest, type WebhookTest } from './webhookHarness.js';

/**
 * A result write that finishes a payment's delivery claims the payment's next one for the dispatcher
 * (recordAttemptResults with `claimNext`): how that delivery is sent, and how it comes back when the
 * process that claimed it stops or dies.
 */
describe("a payment's next delivery, claimed by the result write", () => {
  let w: WebhookTest;
  let receiver: Receiver;
  let pool: pg.Pool;
  let client: ReturnType<typeof clientFor>;

  beforeAll(async () => {
    w = await startWebhookTest();
    receiver = await startReceiver();
    pool = new pg.Pool({ connectionString: w.test.running.databaseUrl, max: 2 });
    const key = await newKey(w.test);
    await setWebhookEndpoint(w.context(), { apiKeyId: key.id, url: `${receiver.url}/next` });
    client = clientFor(w.test.baseUrl, key.key);
  });
  afterAll(async () => {
    await pool.end();
    await receiver.close();
    await w.stop();
  });

  /**
   * A payment with two events (awaiting, then detected) whose first delivery is written back as
   * delivered, with `claimNext` under a lease of `leaseSeconds` (database time) unless it is null.
   */
  async function deliverFirst(leaseSeconds: number | null) {
    const checkout = await awaitingPayment(client);
    const paymentId: string = checkout.id ?? checkout.payment_id;
    await observe(w.test, paymentId, { depth: 0 });
    const [first, second] = await w.deliveries('payment_id = ?', [paymentId]);
    expect([first.event, second.event]).toEqual(['payment.awaiting', 'payment.detected']);
    expect(second.next_attempt_at).toBeNull();
    const [claimed] = await claimDeliveries(pool, {
      now: w.clock.now(),
      limit: 1,
      leaseSeconds: leaseSeconds ?? 60,
      ids: [first.id],
    });
    const now = w.clock.now();
    const result = planAttemptResult(
      claimed!,
      { kind: 'response', statusCode: 200, responseBody: 'ok', latencyMs: 2 },
      { attemptedAt: now, finishedAt: now, signature: 't=1,v1=00', random: () => 0.5 },
    );
    const written = await recordAttemptResults(
      pool,
      [result],
      now,
      leaseSeconds === null ? {} : { claimNext: { leaseSeconds } },
    );
    return { second, written, now };
  }
  /** Delivers `id` with a new dispatcher and returns the events the receiver got meanwhile. */
  async function sendWithNewDispatcher(id: string) {
    const sent = receiver.requests.length;
    expect(await w.dispatcher().deliverDue({ ids: [id] })).toBe(1);
    return receiver.requests.slice(sent).map((r) => r.headers['x-webhook-event']);
  }
  const depth = () => readQueueDepth(w.test.running.gateway.orm.em.fork(), w.clock.now());

  it('is claimed in place (no due time), counted as due, and sent by the dispatcher that got it', async () => {
    const before = await depth();
    const { second, written } = await deliverFirst(60);
    expect(written.recorded).toBe(1);
    expect(written.next.map((d) => [d.id, d.event])).toEqual([[second.id, 'payment.detected']]);
    const [row] = await w.deliveries('id = ?', [second.id]);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, next_attempt_at: null });
    expect(row.locked_until).not.toBeNull();
    // Being delivered: due, not parked.
    expect(await depth()).toMatchObject({ due: before.due + 1, parked: before.parked });
    // Neither a claim nor the ordering sweep takes it from under the dispatcher that holds it.
    expect(
      await claimDeliveries(pool, { now: w.clock.now(), limit: 10, leaseSeconds: 60, ids: [second.id] }),
    ).toEqual([]);
    expect(await unparkDeliveries(pool, w.clock.now())).toBe(0);
    // A stopping dispatcher hands it back with a due time, and the next one sends it.
    await releaseDeliveries(pool, written.next, w.clock.now());
    const [released] = await w.deliveries('id = ?', [second.id]);
    expect(released).toMatchObject({ status: 'pending', locked_until: null, next_attempt_at: w.clock.now() });
    expect(await sendWithNewDispatcher(second.id)).toEqual(['payment.detected']);
  });

  it('comes back through the ordering sweep once the lease of a process that died has run out', async () => {
    const { second, written } = await deliverFirst(1);
    expect(written.next.map((d) => d.id)).toEqual([second.id]);
    // The process that claimed it is gone: nothing will send it or hand it back.
    expect(await unparkDeliveries(pool, w.clock.now())).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await depth()).parked).toBeGreaterThanOrEqual(1);
    expect(await unparkDeliveries(pool, w.clock.now())).toBe(1);
    expect(await sendWithNewDispatcher(second.id)).toEqual(['payment.detected']);
    const [row] = await w.deliveries('id = ?', [second.id]);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('without claimNext, the next delivery is given its due time instead', async () => {
    const { second, written, now } = await deliverFirst(null);
    expect(written).toEqual({ recorded: 1, next: [] });
    const [row] = await w.deliveries('id = ?', [second.id]);
    expect(row).toMatchObject({ status: 'pending', locked_until: null, next_attempt_at: now });
  });
});
