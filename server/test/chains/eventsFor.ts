import type { TestGateway } from '../harness/startTestGateway.js';

/** One webhook event as a receiver would get it: the body's `event` and `data`. */
export interface ReceivedEvent {
  readonly event: string;
  // biome-ignore lint/suspicious/noExplicitAny: webhook data is checked field by field
  readonly data: any;
}

/**
 * The webhook events of a payment, in order. THE one place the chain suites read events from: today
 * the `outbox_events` rows (the full webhook body, committed with the state change) because webhook
 * delivery is built on another branch; switch this function to a real receiver's log and every
 * chain suite asserts delivered webhooks instead.
 */
export async function eventsFor(test: TestGateway, paymentId: string): Promise<ReceivedEvent[]> {
  const rows = await test.running.gateway.orm.em
    .fork()
    .getConnection()
    // biome-ignore lint/suspicious/noExplicitAny: jsonb payload
    .execute<{ payload: any }[]>('select payload from outbox_events where payment_id = ? order by seq', [
      paymentId,
    ]);
  return rows.map((r) => ({ event: r.payload.event, data: r.payload.data }));
}

/** Just the event names, in order. */
export async function eventNamesFor(test: TestGateway, paymentId: string): Promise<string[]> {
  return (await eventsFor(test, paymentId)).map((e) => e.event);
}
