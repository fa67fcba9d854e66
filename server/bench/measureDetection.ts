import pg from 'pg';
import type { WebhookReceiver } from '../test/chains/attachWebhookReceiver.js';
import type { startOutboxProbe } from './detectionLatencySupport.js';

// The measuring loop of the detection latency benches on a real node (litecoind, monerod).

const TIMEOUT_MS = 30_000;

/**
 * One payment's timings, ms after the send returned (negative when it came before the call returned),
 * and how long the send itself took.
 */
export interface Sample {
  readonly sendMs: number;
  readonly webhookMs: number;
  readonly outboxMs: number;
}

/** Waits until the watcher has seen the block (`confirming` payments) and every event is delivered. */
async function allDelivered(
  receiver: WebhookReceiver,
  databaseUrl: string,
  confirming: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + TIMEOUT_MS;
    for (;;) {
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from outbox_events where event = 'payment.confirming'`,
      );
      if (Number(rows[0]?.n) >= confirming) break;
      if (Date.now() > deadline)
        throw new Error(`the watcher did not report the block within ${TIMEOUT_MS} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const { rows } = await client.query<{ id: string }>(`select payload->>'id' as id from outbox_events`);
    await receiver.waitUntil(
      () => rows.every((row) => receiver.has(row.id)),
      TIMEOUT_MS,
      async () => `${rows.filter((row) => !receiver.has(row.id)).length} events not delivered`,
    );
  } finally {
    await client.end();
  }
}

/** The chain a detection bench pays on: its checkout option, a payer and a miner. */
export interface DetectionChain {
  /** `LTC_REGTEST:LTC`. */
  readonly token: string;
  /** Pays `amount` (smallest units) to `address`; resolves once the node has the transaction. */
  send(address: string, amount: bigint): Promise<string>;
  mine(count?: number): Promise<unknown>;
}

/**
 * Runs `warmup + samples` payments on `chain` (create, select, wait a random phase of the watcher's
 * poll, send) and returns the counted samples. Every 10 payments a block is mined and every event so
 * far delivered, so the confirming webhooks do not overlap a measurement.
 */
export async function measureDetection(
  chain: DetectionChain,
  run: {
    api: (path: string, body?: unknown) => Promise<{ status: number; data: { [k: string]: unknown } }>;
    receiver: WebhookReceiver;
    outbox: Awaited<ReturnType<typeof startOutboxProbe>>;
    databaseUrl: string;
    samples: number;
    warmup: number;
  },
): Promise<Sample[]> {
  const { api, receiver, outbox, databaseUrl } = run;
  const samples: Sample[] = [];
  for (let i = 0; i < run.warmup + run.samples; i += 1) {
    const created = await api('/api/v1/payments', { fiat_amount: '25.00', fiat_currency: 'USD' });
    const id = created.data.id as string;
    const selected = await api(`/api/v1/checkout/${id}/select-chain`, { token: chain.token });
    const option = selected.data.selected as { address: string; crypto_amount: string };
    // A random phase against the watcher's poll cycle.
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 900));
    const calling = Date.now();
    await chain.send(option.address, BigInt(option.crypto_amount));
    const sent = Date.now();
    const isDetected = (d: { event: string; data: { payment?: { id?: string } } }) =>
      d.event === 'payment.detected' && d.data.payment?.id === id;
    await receiver.waitUntil(
      () => receiver.delivered.some(isDetected),
      TIMEOUT_MS,
      async () => `no payment.detected webhook for ${id}`,
    );
    const arrived = receiver.delivered.find(isDetected)!.at;
    // From the send's start: a watcher can see the transaction before the send call returns (Monero's
    // transfer relays, then returns), so the times below can be negative.
    const committed = await outbox.commitAfter(calling, id, 'payment.detected');
    if (i >= run.warmup)
      samples.push({ sendMs: sent - calling, webhookMs: arrived - sent, outboxMs: committed - sent });
    if (i % 10 === 9) {
      await chain.mine(1);
      await allDelivered(receiver, databaseUrl, i + 1);
    }
  }
  return samples;
}
