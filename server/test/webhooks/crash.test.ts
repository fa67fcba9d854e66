import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { awaitingPayment, clientFor, sql } from '../api/apiHelpers.js';
import { CAIRN_BIN } from '../harness/compiledCli.js';
import {
  expectSignedBy,
  type Receiver,
  startReceiver,
  startWebhookTest,
  TEST_MASTER_KEY,
  type WebhookTest,
} from './webhookHarness.js';

const SERVER_DIR = new URL('../..', import.meta.url).pathname;
const PAYMENTS = 100;
const EVENTS_PER_PAYMENT = 10;
const TOTAL = PAYMENTS * EVENTS_PER_PAYMENT;
const KILL_AFTER = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('crash safety: kill -9 the delivering gateway mid-batch, restart it, nothing is lost', () => {
  let w: WebhookTest;
  let receiver: Receiver;
  let secret: string;
  const children: ChildProcess[] = [];
  let output = '';

  /** `cairn start` (compiled) as a child process: the real gateway with its delivery loop. */
  function startGatewayProcess(): ChildProcess {
    const child = spawn(process.execPath, [CAIRN_BIN, 'start'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: w.test.running.databaseUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        CAIRN_LOG_LEVEL: 'warn',
        CAIRN_MASTER_KEY: TEST_MASTER_KEY,
        CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
        CAIRN_WEBHOOK_LEASE_SECONDS: '3',
        CAIRN_WEBHOOK_POLL_MS: '200',
        CAIRN_WEBHOOK_CONCURRENCY: '32',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    children.push(child);
    return child;
  }

  beforeAll(async () => {
    w = await startWebhookTest({ start: new Date().toISOString() });
    receiver = await startReceiver();
    // The gateway under test runs on the system clock; events are stamped now.
    w.clock.set(new Date());
    secret = (
      await setWebhookEndpoint(w.context(), { apiKeyId: w.test.apiKeyId, url: `${receiver.url}/crash` })
    ).secret!;
  }, 120_000);
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await receiver?.close();
    await w?.stop();
  });

  it(`delivers every one of ${TOTAL} events at least once, each repeat with the same evt_ id and body`, async () => {
    // 100 real payments (payment.awaiting through the API), then 9 more events each written to the
    // outbox in SQL: the outbox trigger queues every delivery exactly as for the app's own events.
    const client = clientFor(w.test.baseUrl, w.test.apiKey);
    for (let i = 0; i < PAYMENTS; i++) {
      w.clock.set(new Date());
      await awaitingPayment(client);
    }
    const events = ['payment.detected', 'payment.confirming', 'payment.confirmed'];
    await sql(
      w.test,
      `insert into outbox_events (id, business_id, api_key_id, mode, payment_id, event, payload, created_at)
         select s.id, s.business_id, s.api_key_id, s.mode, s.payment_id, s.name,
                jsonb_build_object('id', 'evt_' || s.id, 'event', s.name, 'created_at', s.created, 'data', s.data),
                now()
           from (select gen_random_uuid() as id, o.business_id, o.api_key_id, o.mode, o.payment_id, o.seq, g,
                        (array[${events.map((e) => `'${e}'`).join(',')}])[1 + g % 3] as name,
                        o.payload -> 'created_at' as created, o.payload -> 'data' as data
                   from outbox_events o cross join generate_series(1, ${EVENTS_PER_PAYMENT - 1}) g
                  where o.event = 'payment.awaiting' and o.api_key_id = ?) s
          order by s.seq, s.g`,
      [w.test.apiKeyId],
    );
    const queued = await sql<{ id: string; body: string; payment_id: string; event_seq: string }>(
      w.test,
      `select 'evt_' || d.outbox_event_id as id, o.body, d.payment_id, d.event_seq
           from webhook_deliveries d join outbox_events o on o.id = d.outbox_event_id
          where d.api_key_id = ? order by d.event_seq`,
      [w.test.apiKeyId],
    );
    expect(queued).toHaveLength(TOTAL);

    // Slow enough that a batch is in flight at any moment.
    let first: ChildProcess | undefined;
    receiver.respond((_request, index) => {
      if (index + 1 === KILL_AFTER) first?.kill('SIGKILL');
      return { delayMs: 5 };
    });
    first = startGatewayProcess();
    await receiver.waitFor(KILL_AFTER, 60_000);
    await new Promise<void>((resolve) => {
      if (first!.exitCode !== null || first!.signalCode !== null) resolve();
      else first!.once('exit', () => resolve());
    });
    expect(first.signalCode).toBe('SIGKILL');
    const seenAtKill = new Set(receiver.requests.map((r) => JSON.parse(r.body).id)).size;
    const [state] = await sql<{ pending: string; claimed: string }>(
      w.test,
      `select count(*) filter (where status = 'pending') as pending,
                count(*) filter (where status = 'pending' and locked_until > clock_timestamp()) as claimed
           from webhook_deliveries where api_key_id = ?`,
      [w.test.apiKeyId],
    );
    // Killed mid-batch: events left to deliver, some of them claimed by the dead process.
    expect(seenAtKill).toBeLessThan(TOTAL);
    expect(Number(state!.pending)).toBeGreaterThan(0);

    const second = startGatewayProcess();
    const deadline = Date.now() + 90_000;
    for (;;) {
      const [left] = await sql<{ n: string }>(
        w.test,
        `select count(*) as n from webhook_deliveries where api_key_id = ? and status <> 'delivered'`,
        [w.test.apiKeyId],
      );
      if (Number(left!.n) === 0) break;
      if (Date.now() > deadline)
        throw new Error(`${left!.n} deliveries left; gateway output:\n${output.slice(-3000)}`);
      await sleep(200);
    }
    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));

    // Every event arrived at least once; every copy is byte-identical to the queued body (same evt_ id).
    const bodyById = new Map(queued.map((q) => [q.id, q.body]));
    const receipts = new Map<string, number>();
    for (const request of receiver.requests) {
      const id = JSON.parse(request.body).id as string;
      expect(bodyById.get(id), `unknown event ${id}`).toBe(request.body);
      receipts.set(id, (receipts.get(id) ?? 0) + 1);
    }
    expect(receipts.size).toBe(TOTAL);
    for (const { id } of queued) expect(receipts.get(id) ?? 0, id).toBeGreaterThanOrEqual(1);
    // Signed (spot check with both verifiers, at the time each was sent).
    for (const request of receiver.requests.slice(0, 20)) {
      const t = Number(/^t=(\d+)/.exec(String(request.headers['x-webhook-signature']))![1]);
      expectSignedBy(request, [secret], new Date(t * 1000));
    }
    // Per payment, the first receipts follow the event order.
    const firstSeen = new Map<string, number>();
    receiver.requests.forEach((request, index) => {
      const id = JSON.parse(request.body).id as string;
      if (!firstSeen.has(id)) firstSeen.set(id, index);
    });
    const byPayment = new Map<string, number[]>();
    for (const q of queued)
      byPayment.set(q.payment_id, [...(byPayment.get(q.payment_id) ?? []), firstSeen.get(q.id)!]);
    for (const [payment, order] of byPayment)
      expect(order, payment).toEqual([...order].sort((a, b) => a - b));

    const duplicates = receiver.requests.length - TOTAL;
    console.log(
      `crash test: killed after ${seenAtKill} distinct events received (${state!.claimed} claimed by the dead process, ${state!.pending} pending); ` +
        `after the restart all ${TOTAL} arrived, ${duplicates} sent twice (same evt_ id and body)`,
    );
  }, 180_000);
});
