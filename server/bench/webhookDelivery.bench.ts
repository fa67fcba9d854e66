/**
 * Webhook delivery benchmark: `pnpm --filter @cairn/server bench:webhooks`.
 *
 * Drains a backlog of BENCH_WEBHOOK_EVENTS events (default 10,000: 2,500 payments with four events
 * each, so the per-payment ordering rule is in play) to a local receiver that answers 200, through the
 * real pipeline (outbox trigger -> deliveries table -> claim in batches -> sign -> SSRF guard -> undici
 * -> batched write-back), and compares it with a baseline measured in the same run: a loop of raw
 * undici POSTs of the same bodies (and the same headers) with the same concurrency to the same receiver. The receiver runs in
 * its own process; the gateway's dispatcher and the baseline loop both run in this one.
 *
 * After an unmeasured warm-up of both (BENCH_WEBHOOK_WARMUP_EVENTS, default 2,000), BENCH_WEBHOOK_RUNS
 * rounds (default 3), baseline then gateway each round; medians are compared.
 * Targets: at least 1,000 deliveries per second and at least 40 % of the baseline. Exit code 1 when a
 * target is missed or a delivery failed. Database: a fresh database on DATABASE_URL when set, else on
 * an embedded PostgreSQL in a temp folder; dropped at the end.
 *
 * Each round prints the CPU time per delivery of this process, of PostgreSQL (every `postgres`
 * process on the machine) and of the receiver. BENCH_WEBHOOK_PROFILE=<dir> writes a V8 CPU profile of
 * each measured gateway run there (read it with summarizeCpuProfile.ts).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { Pool } from 'undici';
import { startGateway } from '../src/app/startGateway.js';
import { seedDevBusiness } from '../src/chains/devChain/seedDevBusiness.js';
import { createSecretCipher } from '../src/domain/webhooks/createSecretCipher.js';
import { createWebhookContext } from '../src/domain/webhooks/createWebhookContext.js';
import { decodeMasterKey } from '../src/domain/webhooks/decodeMasterKey.js';
import { setWebhookEndpoint } from '../src/domain/webhooks/setWebhookEndpoint.js';
import { loadConfig } from '../src/platform/config/loadConfig.js';
import { createWebhookDispatcher } from '../src/workers/webhookDelivery/createWebhookDispatcher.js';
import { benchCleanups } from './benchCleanups.js';
import { createBenchDatabase, withClient } from './createBenchDatabase.js';
import { killAllTracked, processCpuMs, processesNamed, sleep, TargetProcess } from './support.js';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const RUNS = Number(process.env.BENCH_WEBHOOK_RUNS ?? 5);
const WARMUP_EVENTS = Number(process.env.BENCH_WEBHOOK_WARMUP_EVENTS ?? 2_000);
const EVENTS_PER_PAYMENT = 4;
const CONCURRENCY = Number(process.env.CAIRN_WEBHOOK_CONCURRENCY ?? 64);
const TARGET_RATE = 1_000;
const TARGET_RATIO = 0.4;
const MASTER_KEY = randomBytes(32).toString('hex');

const { onCleanup, cleanUp } = benchCleanups();
const say = (message: string) => console.log(`[bench] ${message}`);
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** CPU used (ms) by this process, the receiver and every PostgreSQL process while `run` runs. */
async function measureCpu<T>(receiverPid: number, run: () => Promise<T>) {
  const postgres = processesNamed('postgres');
  const before = {
    self: process.cpuUsage(),
    receiver: processCpuMs([receiverPid]),
    db: processCpuMs(postgres),
  };
  const result = await run();
  const self = process.cpuUsage(before.self);
  return {
    result,
    cpu: {
      bench: (self.user + self.system) / 1000,
      receiver: processCpuMs([receiverPid]) - before.receiver,
      postgres: processCpuMs(postgres) - before.db,
    },
  };
}

/** With BENCH_WEBHOOK_PROFILE set, records a V8 CPU profile of `run` into that folder. */
async function profiled<T>(label: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_WEBHOOK_PROFILE;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${label}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

type CpuShares = Awaited<ReturnType<typeof measureCpu>>['cpu'];
const perDelivery = (cpu: CpuShares, events: number) =>
  `CPU per delivery: this process ${((cpu.bench * 1000) / events).toFixed(0)} µs, PostgreSQL ${((cpu.postgres * 1000) / events).toFixed(0)} µs, receiver ${((cpu.receiver * 1000) / events).toFixed(0)} µs`;

/** A payment object shaped like the API's (about 1.4 KB of JSON), for realistic bodies. */
function paymentTemplate(businessUrl: string) {
  const option = (chain: string, coin: string, amount: string, display: string, rate: string) => ({
    chain_id: chain,
    coin_symbol: coin,
    crypto_amount: amount,
    display_amount: display,
    address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    payment_uri: `bitcoin:tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx?amount=${display}`,
    exchange_rate: rate,
    exchange_rate_locked_at: '2026-03-01T12:00:00Z',
  });
  return {
    status: 'confirmed',
    mode: 'test',
    fiat_amount: '25.00',
    fiat_currency: 'EUR',
    checkout_url: `${businessUrl}/checkout/`,
    expires_at: '2026-03-01T13:00:00Z',
    created_at: '2026-03-01T12:00:00Z',
    updated_at: '2026-03-01T12:10:00Z',
    order_id: 'order-000123',
    description: 'Two tickets, row 7',
    customer_email: 'customer@example.com',
    success_url: 'https://shop.example/thanks',
    cancel_url: 'https://shop.example/cart',
    accepted_chains: [],
    accepted_coins: [],
    accepted_tokens: [],
    restrict_to_accepted: false,
    selected_chain_id: 'BTC_TESTNET',
    selected_coin_symbol: 'BTC',
    amount_received: '41667',
    amount_due: '0',
    overpaid: false,
    revived: false,
    underpayment_tolerance_bps: 50,
    overpayment_threshold_bps: 100,
    cancelled_by: null,
    failure_reason: null,
    confirmed_at: '2026-03-01T12:10:00Z',
    chain_options: [
      option('BTC_TESTNET', 'BTC', '41667', '0.00041667', '60000'),
      option('LTC_TESTNET', 'LTC', '31250000', '0.3125', '80'),
    ],
    transactions: [],
    refunds: [],
    metadata: { cart_id: 'c_8812' },
  };
}

/**
 * Queues `EVENTS` new events: payments inserted in SQL, then their outbox rows, from which the outbox
 * trigger creates the deliveries exactly as for the app's own events. Not timed.
 */
async function queueBacklog(
  url: string,
  keyId: string,
  businessId: string,
  template: object,
  events = EVENTS,
): Promise<void> {
  const payments = Math.ceil(events / EVENTS_PER_PAYMENT);
  await withClient(url, async (c) => {
    await c.query('delete from webhook_deliveries');
    await c.query('delete from outbox_events');
    await c.query('delete from payments');
    await c.query(
      `insert into payments (id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency,
                             underpayment_tolerance_bps, overpayment_threshold_bps, expires_at,
                             late_grace_ends_at, created_at, updated_at)
       select gen_random_uuid(), $1, $2, 'test', 'confirmed', 25, 'EUR', 50, 100, now(), now(), now(), now()
         from generate_series(1, $3)`,
      [businessId, keyId, payments],
    );
    await c.query(
      `insert into outbox_events (id, business_id, api_key_id, mode, payment_id, event, payload, created_at)
       select s.id, $1, $2, 'test', s.payment_id, s.name,
              jsonb_build_object('id', 'evt_' || s.id, 'event', s.name, 'created_at', now(),
                                 'data', jsonb_build_object('payment', $3::jsonb || jsonb_build_object('id', s.payment_id))),
              now()
         from (select gen_random_uuid() as id, p.id as payment_id, p.created_at, g,
                      (array['payment.awaiting','payment.detected','payment.confirming','payment.confirmed'])[g] as name
                 from payments p cross join generate_series(1, ${EVENTS_PER_PAYMENT}) g) s
        order by s.payment_id, s.g
        limit $4`,
      [businessId, keyId, JSON.stringify(template), events],
    );
    await c.query('vacuum analyze webhook_deliveries');
    await c.query('vacuum analyze outbox_events');
    await c.query('checkpoint');
  });
}

async function bodiesOf(url: string): Promise<{ body: string; event: string }[]> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ body: string; event: string }>(
      `select o.body, d.event from webhook_deliveries d join outbox_events o on o.id = d.outbox_event_id
        order by d.event_seq`,
    );
    return rows;
  });
}

/**
 * A signature header of the gateway's shape and length (one secret), so both sides send the receiver
 * the same requests; computing signatures is the gateway's work and is not part of the baseline.
 */
const BASELINE_SIGNATURE = `t=1772366400,v1=${'0'.repeat(64)}`;

/** The baseline: CONCURRENCY loops of raw undici POSTs of the same requests to the same receiver. */
async function runBaseline(receiverUrl: string, bodies: readonly { body: string; event: string }[]) {
  const pool = new Pool(receiverUrl, { connections: CONCURRENCY, pipelining: 1 });
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < bodies.length; i = next++) {
        const { body, event } = bodies[i]!;
        const response = await pool.request({
          path: '/hook',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Service-Webhook/1.0',
            'x-webhook-event': event,
            'x-webhook-signature': BASELINE_SIGNATURE,
          },
          body,
        });
        await response.body.text();
        if (response.statusCode !== 200) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return { rate: bodies.length / seconds, seconds, failures };
}

/** Ours: the dispatcher drains the backlog (time until every result is written back). */
async function runGateway(databaseUrl: string, events = EVENTS) {
  const dispatcher = createWebhookDispatcher({
    databaseUrl,
    clock: { now: () => new Date() },
    log: pino({ level: 'warn' }),
    cipher: createSecretCipher(decodeMasterKey(MASTER_KEY)),
    allowPrivateFlag: true,
    concurrency: CONCURRENCY,
    leaseSeconds: 120,
    pollIntervalMs: 1000,
  });
  const started = performance.now();
  await dispatcher.start();
  let samples = 0;
  let inFlightSum = 0;
  while (dispatcher.stats().recorded < events) {
    await sleep(2);
    samples += 1;
    inFlightSum += dispatcher.stats().inFlight;
  }
  const seconds = (performance.now() - started) / 1000;
  const { claims, writes, claimMs, writeMs } = dispatcher.stats();
  await dispatcher.stop();
  const [state] = await withClient(databaseUrl, async (c) => {
    const { rows } = await c.query<{ delivered: string; other: string; attempts: string }>(
      `select count(*) filter (where status = 'delivered') as delivered,
              count(*) filter (where status <> 'delivered') as other, sum(attempts) as attempts
         from webhook_deliveries`,
    );
    return rows;
  });
  return {
    rate: events / seconds,
    seconds,
    meanInFlight: inFlightSum / Math.max(samples, 1),
    delivered: Number(state!.delivered),
    failures: Number(state!.other),
    attempts: Number(state!.attempts),
    claims,
    writes,
    claimMs,
    writeMs,
  };
}

async function main(): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'cairn-bench-webhooks-'));
  chmodSync(root, 0o755);
  onCleanup(`temp dir ${root}`, async () => rmSync(root, { recursive: true, force: true }));
  process.on('exit', () => {
    killAllTracked();
    rmSync(root, { recursive: true, force: true });
  });
  const cpu = cpus();
  console.log('Cairn webhook delivery benchmark');
  console.log(
    `  node ${process.version}, ${cpu.length}x ${cpu[0]?.model.trim() ?? 'cpu'}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `  ${EVENTS} events (${EVENTS_PER_PAYMENT} per payment), concurrency ${CONCURRENCY}, ${RUNS} rounds; receiver in its own process`,
  );

  const { url: databaseUrl } = await createBenchDatabase(root, 'cairn_bench', onCleanup);
  const env = {
    DATABASE_URL: databaseUrl,
    CAIRN_LOG_LEVEL: 'silent' as const,
    CAIRN_MASTER_KEY: MASTER_KEY,
    CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
  };
  const config = loadConfig(env);
  const seeded = await (async () => {
    const running = await startGateway({
      config,
      listen: false,
      workers: false,
      log: pino({ level: 'silent' }),
    });
    try {
      return await seedDevBusiness(running.gateway);
    } finally {
      await running.stop();
    }
  })();

  const receiver = await TargetProcess.start('receiver', './webhookDeliveryReceiver.ts', { ...process.env });
  onCleanup('receiver process', () => receiver.stop());
  {
    const orm = (await import('../src/platform/db/createOrm.js')).createOrm;
    const o = await orm(databaseUrl);
    try {
      const context = createWebhookContext(o.em.fork(), { now: () => new Date() }, config);
      await setWebhookEndpoint(context, { apiKeyId: seeded.api_key_id, url: `${receiver.url}/hook` });
    } finally {
      await o.close(true);
    }
  }
  const template = paymentTemplate('http://localhost:3000');

  // Warm-up (not measured): both sides run once on a smaller backlog, so neither is timed cold.
  await queueBacklog(databaseUrl, seeded.api_key_id, seeded.business_id, template, WARMUP_EVENTS);
  await runBaseline(receiver.url, await bodiesOf(databaseUrl));
  await runGateway(databaseUrl, WARMUP_EVENTS);
  say(`warm-up done (${WARMUP_EVENTS} events each)`);

  const baseline: number[] = [];
  const ours: number[] = [];
  let failures = 0;
  for (let round = 1; round <= RUNS; round++) {
    await queueBacklog(databaseUrl, seeded.api_key_id, seeded.business_id, template);
    const bodies = await bodiesOf(databaseUrl);
    if (bodies.length !== EVENTS) throw new Error(`queued ${bodies.length} deliveries, expected ${EVENTS}`);
    const { result: base, cpu: baseCpu } = await measureCpu(receiver.pid, () =>
      runBaseline(receiver.url, bodies),
    );
    failures += base.failures;
    baseline.push(base.rate);
    say(`round ${round}: baseline ${base.rate.toFixed(0)}/s (${base.seconds.toFixed(2)} s)`);
    say(`         ${perDelivery(baseCpu, EVENTS)}`);
    await sleep(500);
    const { result: gateway, cpu: gatewayCpu } = await measureCpu(receiver.pid, () =>
      profiled(`gateway-${round}`, () => runGateway(databaseUrl)),
    );
    failures += gateway.failures + (gateway.delivered === EVENTS ? 0 : 1);
    ours.push(gateway.rate);
    say(
      `round ${round}: gateway  ${gateway.rate.toFixed(0)}/s (${gateway.seconds.toFixed(2)} s, ${gateway.delivered} delivered, ${gateway.attempts} attempts, ${gateway.claims} claims in ${gateway.claimMs.toFixed(0)} ms, ${gateway.writes} result writes in ${gateway.writeMs.toFixed(0)} ms, ${gateway.meanInFlight.toFixed(0)} attempts in flight on average)`,
    );
    say(`         ${perDelivery(gatewayCpu, EVENTS)}`);
  }

  const baseRate = median(baseline);
  const ourRate = median(ours);
  const ratio = ourRate / baseRate;
  const pairedRatio = median(ours.map((rate, i) => rate / baseline[i]!));
  const rateOk = ourRate >= TARGET_RATE;
  const ratioOk = ratio >= TARGET_RATIO;
  console.log('');
  console.log(`  body size: ${(await bodiesOf(databaseUrl))[0]!.body.length} bytes`);
  console.log(
    `  baseline (raw undici POST loop)   median ${baseRate.toFixed(0)} deliveries/s  [${baseline.map((r) => r.toFixed(0)).join(', ')}]`,
  );
  console.log(
    `  gateway (queue, sign, guard, log) median ${ourRate.toFixed(0)} deliveries/s  [${ours.map((r) => r.toFixed(0)).join(', ')}]`,
  );
  console.log(`  ratio gateway / baseline           ${(ratio * 100).toFixed(1)} % (of the medians)`);
  console.log(`  median of the per-round ratios     ${(pairedRatio * 100).toFixed(1)} %`);
  console.log(`  target >= ${TARGET_RATE} deliveries/s: ${rateOk ? 'PASS' : 'FAIL'}`);
  console.log(`  target >= ${TARGET_RATIO * 100} % of baseline: ${ratioOk ? 'PASS' : 'FAIL'}`);
  console.log(`  failed deliveries or non-200 responses: ${failures}`);
  return rateOk && ratioOk && failures === 0 ? 0 : 1;
}

main().then(
  async (code) => {
    await cleanUp();
    process.exit(code);
  },
  async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  },
);
