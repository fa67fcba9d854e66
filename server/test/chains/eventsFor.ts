import { isDeepStrictEqual } from 'node:util';
import { sql } from '../api/apiHelpers.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import { attachWebhookReceiver, type WebhookReceiver } from './attachWebhookReceiver.js';

/** One webhook event as the receiver got it: the verified body's `id`, `event` and `data`. */
export interface ReceivedEvent {
  readonly id: string;
  readonly event: string;
  // biome-ignore lint/suspicious/noExplicitAny: webhook data is checked field by field
  readonly data: any;
}

/**
 * How long `eventsFor` waits for deliveries. A delivery takes milliseconds; this covers a loaded
 * machine and the gateway's 15 s ordering sweep (docs/decisions.md, Webhooks: an event written
 * while its predecessor's result is being recorded can wait for it), and stays under the 30 s test timeout.
 */
export const DELIVERY_TIMEOUT_MS = 20_000;

/** A wait longer than this is reported on stderr (deliveries normally take milliseconds). */
const SLOW_DELIVERY_MS = 2_000;

const receivers = new WeakMap<TestGateway, WebhookReceiver>();

/**
 * Gives the test gateway's API key a webhook endpoint at a verifying receiver on loopback (see
 * `attachWebhookReceiver`) and runs the gateway's delivery loop, so that `eventsFor` reads delivered
 * webhooks. Call it before the first payment (events written before the endpoint exists are never
 * delivered), with `WEBHOOK_RECEIVER_ENV` in the gateway's env; stop it before the gateway.
 */
export async function receiveWebhooks(test: TestGateway): Promise<WebhookReceiver> {
  if (receivers.has(test)) throw new Error('this test gateway already has a webhook receiver');
  const receiver = await attachWebhookReceiver(test.running, test.apiKeyId);
  receivers.set(test, receiver);
  return receiver;
}

function receiverOf(test: TestGateway): WebhookReceiver {
  const receiver = receivers.get(test);
  if (!receiver)
    throw new Error('no webhook receiver for this test gateway: call receiveWebhooks(test) first');
  return receiver;
}

/** The outbox rows of a payment (every event the gateway committed for it), oldest first. */
async function outboxOf(test: TestGateway, where: string, params: unknown[]) {
  const rows = await sql<{ payload: { id: string; event: string } }>(
    test,
    `select payload from outbox_events where ${where} order by seq`,
    params,
  );
  return rows.map((row) => row.payload);
}

/** What the delivery log says about a payment's deliveries, for a failure message. */
async function deliveryReport(test: TestGateway, receiver: WebhookReceiver, paymentId?: string) {
  const rows = await sql(
    test,
    `select event, status, attempts, last_status_code, last_error_class, last_error, next_attempt_at
       from webhook_deliveries where ${paymentId ? 'payment_id = ?' : 'true'} order by event_seq`,
    paymentId ? [paymentId] : [],
  );
  return [
    `delivery log${paymentId ? ` of payment ${paymentId}` : ''}:`,
    ...rows.map((row) => `  ${JSON.stringify(row)}`),
    `received (${receiver.delivered.length}): ${receiver.delivered.map((d) => d.event).join(', ')}`,
    ...receiver.rejected.map((r) => `refused: ${r.reason}`),
  ].join('\n');
}

/**
 * The webhook events of a payment as a real receiver got them, in order. THE one place the chain
 * suites read events from. It takes every event the outbox holds for the payment (committed with its
 * state change), waits until the receiver has verified a delivery of each (so a missing or badly
 * signed delivery fails the test), checks that they arrived in the outbox's order and that each
 * delivered body is the outbox's payload, and returns the delivered events.
 */
export async function eventsFor(
  test: TestGateway,
  paymentId: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<ReceivedEvent[]> {
  const receiver = receiverOf(test);
  const expected = await outboxOf(test, 'payment_id = ?', [paymentId]);
  const started = Date.now();
  await receiver.waitUntil(
    () => expected.every((payload) => receiver.has(payload.id)),
    timeoutMs,
    async () =>
      `outbox of payment ${paymentId}: ${expected.map((p) => p.event).join(', ')}\n${await deliveryReport(test, receiver, paymentId)}`,
  );
  const waited = Date.now() - started;
  // Slow, not failed: say so, so a slow path shows in the test output.
  if (waited > SLOW_DELIVERY_MS)
    console.warn(`eventsFor: payment ${paymentId} waited ${waited} ms for its ${expected.length} webhooks`);
  const ids = new Set(expected.map((payload) => payload.id));
  const received = receiver.delivered.filter((delivery) => ids.has(delivery.id));
  if (
    !isDeepStrictEqual(
      received.map((d) => d.id),
      expected.map((p) => p.id),
    )
  )
    throw new Error(
      `payment ${paymentId}: webhooks arrived out of order: ${received.map((d) => d.event).join(', ')}; ` +
        `the outbox order is ${expected.map((p) => p.event).join(', ')}`,
    );
  received.forEach((delivery, i) => {
    if (!isDeepStrictEqual(JSON.parse(delivery.body), expected[i]))
      throw new Error(
        `payment ${paymentId}: delivered body differs from the outbox payload: ${delivery.body}`,
      );
  });
  return received.map(({ id, event, data }) => ({ id, event, data }));
}

/** Just the event names, in order. */
export async function eventNamesFor(test: TestGateway, paymentId: string): Promise<string[]> {
  return (await eventsFor(test, paymentId)).map((e) => e.event);
}

/**
 * Waits until every event in the outbox of the test gateway's key has been delivered. The chain
 * scenario calls it before moving the manual clock, as no delivery is in flight across a jump of
 * hours on a real system (a delivery signed before the jump would be outside the receiver's 300 s
 * tolerance after it).
 */
export async function allDelivered(test: TestGateway, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<void> {
  const receiver = receiverOf(test);
  const expected = await outboxOf(test, 'api_key_id = ?', [test.apiKeyId]);
  await receiver.waitUntil(
    () => expected.every((payload) => receiver.has(payload.id)),
    timeoutMs,
    () => deliveryReport(test, receiver),
  );
}
