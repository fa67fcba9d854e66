/**
 * Soak: `pnpm --filter @cairn/server bench:soak` (after `pnpm build`; needs `litecoind`).
 *
 * A bounded run of steady load against the COMPILED gateway, started as production starts it
 * (`node --max-semi-space-size=32 server/bin/cairn.js start`, plus `--inspect=127.0.0.1:0` so the bench
 * can force a full GC in it), watching a real `litecoind -regtest` through
 * `CAIRN_CHAIN_LTC_REGTEST_RPC_URL`. Set up with the compiled CLI as an operator would: `cairn migrate`, `cairn dev:seed
 * --json`, `cairn credit:top-up` (enough Prepaid Credit for the run's fees) and `cairn webhooks:set`
 * pointing the key at a receiver in this process that verifies every delivery with
 * `@cairn/webhook-verifier` and deduplicates on id (`CAIRN_ALLOW_PRIVATE_WEBHOOKS=true`, a random
 * `CAIRN_MASTER_KEY`).
 *
 * The node's chain is first mined past Litecoin's MWEB activation (`activateMweb`). Load, for
 * SOAK_MINUTES: SOAK_PAYMENTS_PER_MINUTE payments started at an even pace, each one: create (API, with
 * an Idempotency-Key as the SDK sends), select `LTC_REGTEST:LTC` (checkout API), pay with
 * `sendtoaddress` from the node's wallet: the exact amount, except every 20th payment pays 5 % more
 * (`payment.overpaid`) and every 20th (offset by 10) pays 60 % and tops up the rest 5 to 15 s later
 * (`payment.underpaid`, then confirmed). A block is mined to the node's wallet every SOAK_BLOCK_SECONDS
 * (which keeps it funded), and payments need SOAK_CONFIRMATIONS confirmations. After the load the bench
 * drains: it keeps mining until every payment is confirmed and every event delivered (at most
 * SOAK_DRAIN_SECONDS), then checks the outbox against what the receiver verified.
 *
 * Every minute it prints one line: the gateway's RSS (`/proc/<pid>/status`, before the forced GC), V8
 * heap used after a full GC (inspector: `HeapProfiler.collectGarbage`, `Runtime.getHeapUsage`),
 * event-loop delay p99 of that minute (`cairn_nodejs_eventloop_lag_p99_seconds` from `/metrics`:
 * prom-client resets its histogram at each scrape, and only the bench scrapes), open handles
 * (`cairn_nodejs_active_handles_total`), PostgreSQL connections to the run's database
 * (`pg_stat_activity`, total and by application_name), the deposit targets in the watcher's index
 * (`cairn_chain_open_targets`); then that minute's payments created, paid and confirmed, webhooks
 * received, errors, create latency p99 and pay-to-confirmed p50. At the end: per series the first and
 * last quarter means, a least-squares slope per hour and a verdict (`judgeTrend.ts`), the counts and
 * checks, and the gateway's shutdown on SIGTERM (it must exit with 0).
 *
 * Knobs (environment):
 *   SOAK_MINUTES               run length, default 30
 *   SOAK_PAYMENTS_PER_MINUTE   load, default 90 (about 3 API requests per second with the selects;
 *                              CAIRN_RATE_LIMIT_PER_MINUTE is raised when 3x the rate exceeds 600)
 *   SOAK_BLOCK_SECONDS         block interval, default 5
 *   SOAK_CONFIRMATIONS         required confirmations (CAIRN_CHAIN_LTC_REGTEST_CONFIRMATIONS), default 2
 *   SOAK_DRAIN_SECONDS         longest wait after the load for confirmations and deliveries, default 180
 *   SOAK_LOG_LEVEL             the gateway's CAIRN_LOG_LEVEL, default info (production's default); its
 *                              output goes to a file in the run's temp folder (path printed), kept when
 *                              the run has problems
 *   DATABASE_URL               a server to create a fresh `cairn_soak_<random>` database on (dropped at
 *                              the end); unset: an embedded PostgreSQL in a temp folder
 *   LITECOIND                  the litecoind binary (default: on the PATH)
 *   SOAK_HEAP_SNAPSHOTS        a folder: also writes heap snapshots of the gateway there after minute 1
 *                              and after the last minute (`soak-minute-<n>.heapsnapshot`, for Chrome
 *                              DevTools' Comparison view); each pauses the gateway for seconds and
 *                              leaves its RSS higher for good (RSS figures are then not comparable)
 *
 * Ctrl-C (or SIGTERM) aborts the run: the gateway and the node are stopped, the database dropped, the
 * temp folder removed, and the exit code is 130. Exit code 1 when a request or payment failed, a
 * webhook was lost, refused or out of order, or the gateway did not exit with 0 on SIGTERM. Growth
 * verdicts are printed, not judged in the exit code (a shared machine makes them noisy: read them).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseUnits } from '@cairn/chain-core';
import { JsonRpcClient } from '@cairn/chain-utxo';
import pg from 'pg';
import { assertCompiled, runCli } from '../test/harness/compiledCli.js';
import { findLitecoind, type Litecoind, startLitecoind } from '../test/harness/startLitecoind.js';
import { connectHeapInspector, type HeapInspector } from './connectHeapInspector.js';
import { createBenchDatabase } from './createBenchDatabase.js';
import { judgeTrend, type Tolerance, type Trend } from './judgeTrend.js';
import { type CompiledGateway, type GatewayExit, startCompiledGateway } from './startCompiledGateway.js';
import { type SoakDelivery, type SoakReceiver, startSoakReceiver } from './startSoakReceiver.js';
import { freePort, killAllTracked, sleep } from './support.js';

function numberFromEnv(name: string, fallback: number, integer = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value)))
    throw new Error(`${name} must be a positive ${integer ? 'whole ' : ''}number, not "${raw}"`);
  return value;
}

const MINUTES = numberFromEnv('SOAK_MINUTES', 30, true);
const RATE = numberFromEnv('SOAK_PAYMENTS_PER_MINUTE', 90);
const BLOCK_SECONDS = numberFromEnv('SOAK_BLOCK_SECONDS', 5);
const CONFIRMATIONS = numberFromEnv('SOAK_CONFIRMATIONS', 2, true);
const DRAIN_SECONDS = numberFromEnv('SOAK_DRAIN_SECONDS', 180);
const LOG_LEVEL = process.env.SOAK_LOG_LEVEL || 'info';
const HEAP_SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS || undefined;
/** Payments in progress at once; beyond it a start is skipped (and counted): the gateway fell behind. */
const MAX_IN_FLIGHT = Math.max(20, Math.ceil(RATE / 2));
/** Fiat amounts, US cents: uniform in [5.00, 50.00]. */
const MIN_CENTS = 500;
const MAX_CENTS = 5_000;
/** The test-mode fee (CAIRN_FEE_BPS_TEST's default, 1 %), for the Prepaid Credit the run needs. */
const FEE_FRACTION = 0.01;
const TOKEN = 'LTC_REGTEST:LTC';
const MINUTE_MS = 60_000;

const say = (message: string) => console.log(`[soak] ${message}`);

// ---------------------------------------------------------------------------------------------------
// Cleanup: everything started registers how to undo it; undone in reverse order, even on failure.

const cleanups: { label: string; run: () => Promise<unknown> }[] = [];
const onCleanup = (label: string, run: () => Promise<unknown>) => cleanups.push({ label, run });

let cleaning: Promise<void> | undefined;

/** Runs every cleanup once; a second call (a signal during the run's own cleanup) waits for the first. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let entry = cleanups.pop(); entry; entry = cleanups.pop()) {
      try {
        await entry.run();
      } catch (error) {
        console.error(`[soak] cleanup of ${entry.label} failed:`, error);
      }
    }
  })();
  return cleaning;
}

/** Whether the run's temp folder (with the gateway's log) is kept: set when the run has problems. */
let keepRoot = false;
/** The gateway's log file, for its tail when the run fails. */
let gatewayLogFile: string | undefined;

/** Set by Ctrl-C or SIGTERM: the run stops, cleans up and exits with 130. */
let aborted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (aborted) {
      console.error(`[soak] ${signal}: still cleaning up`);
      return;
    }
    aborted = true;
    console.error(`\n[soak] ${signal}: aborting, cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// Last resort (a crash past the cleanups): kill the gateway's process group.
process.on('exit', () => killAllTracked());

// ---------------------------------------------------------------------------------------------------
// Database.

// ---------------------------------------------------------------------------------------------------
// Counting.

/** What happened in one minute of load (or in the drain). */
interface Counts {
  created: number;
  paid: number;
  confirmed: number;
  webhooks: number;
  errors: number;
  /** Starts skipped because MAX_IN_FLIGHT payments were still in progress. */
  skipped: number;
  createMs: number[];
  /** Seconds from the (last) payment transaction to the `payment.confirmed` webhook. */
  payToConfirmedS: number[];
}

const newCounts = (): Counts => ({
  created: 0,
  paid: 0,
  confirmed: 0,
  webhooks: 0,
  errors: 0,
  skipped: 0,
  createMs: [],
  payToConfirmedS: [],
});

const perMinute: Counts[] = Array.from({ length: MINUTES }, newCounts);
const drainCounts = newCounts();
let loadStart = 0;
let loading = false;

/** The bucket events are counted in now: the current minute of load, else the drain. */
function now(): Counts {
  if (!loading) return drainCounts;
  const index = Math.floor((performance.now() - loadStart) / MINUTE_MS);
  return perMinute[Math.min(MINUTES - 1, Math.max(0, index))]!;
}

/** Distinct error messages, with how often each happened. */
const errorKinds = new Map<string, number>();

function recordError(message: string): void {
  now().errors += 1;
  const short = message.length > 300 ? `${message.slice(0, 300)}…` : message;
  errorKinds.set(short, (errorKinds.get(short) ?? 0) + 1);
}

const percentile = (values: readonly number[], p: number): number | undefined => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------------------------------------------
// Payments.

type Kind = 'exact' | 'over' | 'under';

interface SoakPayment {
  readonly id: string;
  readonly kind: Kind;
  /** When its last transaction was sent (performance.now()); undefined until paid in full. */
  paidAt?: number;
  confirmed: boolean;
}

const payments = new Map<string, SoakPayment>();
/** Payments whose flow failed part-way (an error was recorded), by id. */
const failedPayments = new Set<string>();
const inFlight = new Set<Promise<void>>();

/** An API answer's body, as far as the bench reads it. */
interface ApiBody {
  readonly data?: { readonly id?: string; readonly selected?: { address: string; crypto_amount: string } };
  readonly error?: { readonly code?: string };
}

interface Api {
  post(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; json: ApiBody }>;
}

function makeApi(baseUrl: string, apiKey: string): Api {
  return {
    async post(path, body, headers = {}) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let json: ApiBody;
      try {
        json = JSON.parse(text) as ApiBody;
      } catch {
        json = { error: { code: `(not JSON: ${text.slice(0, 200)})` } };
      }
      return { status: response.status, json };
    },
  };
}

const kindOf = (i: number): Kind => (i % 20 === 9 ? 'over' : i % 20 === 19 ? 'under' : 'exact');

async function runPayment(i: number, api: Api, node: Litecoind): Promise<void> {
  const cents = MIN_CENTS + Math.floor(Math.random() * (MAX_CENTS - MIN_CENTS + 1));
  const fiat = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const started = performance.now();
  const created = await api.post(
    '/api/v1/payments',
    { fiat_amount: fiat, fiat_currency: 'USD', order_id: `soak-${i}` },
    { 'idempotency-key': randomUUID() },
  );
  now().createMs.push(performance.now() - started);
  if (created.status !== 201) {
    recordError(
      `create: HTTP ${created.status} ${created.json?.error?.code ?? JSON.stringify(created.json)}`,
    );
    return;
  }
  now().created += 1;
  const id = created.json.data?.id;
  if (!id) {
    recordError(`create: no id in ${JSON.stringify(created.json)}`);
    return;
  }
  const payment: SoakPayment = { id, kind: kindOf(i), confirmed: false };
  payments.set(id, payment);
  try {
    const selected = await api.post(`/api/v1/checkout/${id}/select-chain`, { token: TOKEN });
    if (selected.status !== 200)
      throw new Error(
        `select-chain: HTTP ${selected.status} ${selected.json?.error?.code ?? JSON.stringify(selected.json)}`,
      );
    const option = selected.json.data?.selected;
    if (!option) throw new Error(`select-chain: no selected option in ${JSON.stringify(selected.json)}`);
    const { address, crypto_amount } = option;
    const amount = BigInt(crypto_amount);
    if (payment.kind === 'over') {
      await node.send(address, amount + (amount * 5n) / 100n);
    } else if (payment.kind === 'under') {
      const first = (amount * 60n) / 100n;
      await node.send(address, first);
      await sleep(5_000 + Math.random() * 10_000);
      await node.send(address, amount - first);
    } else {
      await node.send(address, amount);
    }
    payment.paidAt = performance.now();
    now().paid += 1;
  } catch (error) {
    failedPayments.add(id);
    recordError(`payment flow: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function onDelivery(delivery: SoakDelivery): void {
  const counts = now();
  counts.webhooks += 1;
  if (delivery.event !== 'payment.confirmed' || !delivery.paymentId) return;
  counts.confirmed += 1;
  const payment = payments.get(delivery.paymentId);
  if (!payment) return;
  payment.confirmed = true;
  if (payment.paidAt !== undefined) counts.payToConfirmedS.push((performance.now() - payment.paidAt) / 1000);
}

// ---------------------------------------------------------------------------------------------------
// Sampling.

interface Sample {
  readonly rss: number;
  readonly heapAfterGc: number;
  readonly eventLoopP99Ms: number;
  readonly handles: number;
  readonly pgTotal: number;
  readonly pgByApp: readonly { app: string; n: number }[];
  readonly openTargets: number;
  /** Lines the gateway logged at warn (40) and error or worse (50+) since the previous sample. */
  readonly logWarn: number;
  readonly logError: number;
}

/**
 * Prometheus text: the sum over label sets of each metric name; 0 for a declared metric with no sample
 * yet (a labelled gauge never set, e.g. the open targets before the first payment).
 */
function parseMetrics(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const declared = /^# TYPE (\S+) /.exec(line);
    if (declared && !values.has(declared[1]!)) values.set(declared[1]!, 0);
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const value = Number(match[3]);
    if (Number.isFinite(value)) values.set(match[1]!, (values.get(match[1]!) ?? 0) + value);
  }
  return values;
}

const REQUIRED_METRICS = [
  'cairn_nodejs_eventloop_lag_p99_seconds',
  'cairn_nodejs_active_handles_total',
  'cairn_chain_open_targets',
];

/** Reads the gateway's log file from where the last call stopped; counts warn and error lines. */
function logReader(file: string): () => { warn: number; error: number; lines: string[] } {
  let offset = 0;
  let partial = '';
  return () => {
    const size = statSync(file).size;
    if (size <= offset) return { warn: 0, error: 0, lines: [] };
    const fd = openSync(file, 'r');
    const buffer = Buffer.alloc(size - offset);
    try {
      readSync(fd, buffer, 0, buffer.length, offset);
    } finally {
      closeSync(fd);
    }
    offset = size;
    const text = partial + buffer.toString('utf8');
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    let warn = 0;
    let error = 0;
    const notable: string[] = [];
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      let level = 0;
      try {
        level = Number((JSON.parse(line) as { level?: number }).level ?? 0);
      } catch {
        continue;
      }
      if (level >= 50) error += 1;
      else if (level >= 40) warn += 1;
      if (level >= 40 && notable.length < 5)
        notable.push(line.length > 300 ? `${line.slice(0, 300)}…` : line);
    }
    return { warn, error, lines: notable };
  };
}

async function takeSample(
  gateway: CompiledGateway,
  inspector: HeapInspector,
  monitor: pg.Client,
  database: string,
  readLog: ReturnType<typeof logReader>,
  gatewayLog: string[],
): Promise<Sample> {
  const gone = gateway.exitStatus();
  if (gone) throw new Error(`the gateway exited during the run (code ${gone.code}, signal ${gone.signal})`);
  const rss = gateway.rss();
  const response = await fetch(`${gateway.url}/metrics`, { signal: AbortSignal.timeout(10_000) });
  const metrics = parseMetrics(await response.text());
  const missing = REQUIRED_METRICS.filter((name) => !metrics.has(name));
  if (response.status !== 200 || missing.length > 0)
    throw new Error(`/metrics answered ${response.status} without ${missing.join(', ')}`);
  // After the scrape: the forced GC's pause falls into the next minute's event-loop histogram (one
  // delayed tick among thousands: it does not move a p99).
  const heapAfterGc = await inspector.heapUsedAfterGc();
  const { rows } = await monitor.query<{ app: string; n: number }>(
    `select coalesce(nullif(application_name, ''), '(none)') as app, count(*)::int as n
       from pg_stat_activity where datname = $1 and application_name not like 'cairn soak%'
      group by 1 order by 2 desc, 1`,
    [database],
  );
  const log = readLog();
  gatewayLog.push(...log.lines);
  return {
    rss,
    heapAfterGc,
    eventLoopP99Ms: metrics.get('cairn_nodejs_eventloop_lag_p99_seconds')! * 1000,
    handles: metrics.get('cairn_nodejs_active_handles_total')!,
    pgTotal: sum(rows.map((r) => r.n)),
    pgByApp: rows,
    openTargets: metrics.get('cairn_chain_open_targets')!,
    logWarn: log.warn,
    logError: log.error,
  };
}

const MiB = 1024 * 1024;
const mib = (bytes: number) => (bytes / MiB).toFixed(1);
const pad = (value: string | number, width: number) => String(value).padStart(width);
const fmt = (value: number | undefined, digits = 0) => (value === undefined ? '-' : value.toFixed(digits));

const HEADER =
  '   min   rss MiB  heap MiB  eld p99  handles  pg    index | created  paid  confirmed  webhooks  errors  create p99  pay->conf p50 | pg by application_name';

function sampleLine(label: string, sample: Sample, counts?: Counts): string {
  const resources = [
    pad(label, 6),
    pad(mib(sample.rss), 9),
    pad(mib(sample.heapAfterGc), 9),
    pad(`${sample.eventLoopP99Ms.toFixed(1)}ms`, 8),
    pad(sample.handles, 8),
    pad(sample.pgTotal, 3),
    pad(sample.openTargets, 8),
  ].join(' ');
  const load = counts
    ? [
        pad(counts.created, 7),
        pad(counts.paid, 5),
        pad(counts.confirmed, 10),
        pad(counts.webhooks, 9),
        pad(counts.errors, 7),
        pad(`${fmt(percentile(counts.createMs, 0.99))}ms`, 11),
        pad(`${fmt(percentile(counts.payToConfirmedS, 0.5), 1)}s`, 14),
      ].join(' ')
    : pad('(no load)', 7);
  const apps = sample.pgByApp.map((r) => `${r.app} ${r.n}`).join(', ');
  const logs =
    sample.logWarn || sample.logError ? `; log: ${sample.logWarn} warn, ${sample.logError} error` : '';
  const skipped = counts?.skipped ? `; ${counts.skipped} starts skipped (in flight: ${MAX_IN_FLIGHT})` : '';
  return `${resources} | ${load} | ${apps}${logs}${skipped}`;
}

// ---------------------------------------------------------------------------------------------------
// The run.

async function main(): Promise<number> {
  try {
    assertCompiled();
  } catch (error) {
    console.error(`[soak] the soak runs the compiled gateway: ${(error as Error).message}`);
    return 1;
  }
  if (!findLitecoind()) {
    console.error('litecoind is not installed (Debian: apt-get install litecoind; or set LITECOIND).');
    return 1;
  }
  const problems: string[] = [];
  const root = mkdtempSync(join(tmpdir(), 'cairn-soak-'));
  onCleanup(`temp folder ${root}`, async () => {
    if (keepRoot && !aborted) say(`kept ${root} (the gateway's log is there)`);
    else rmSync(root, { recursive: true, force: true });
  });

  const database = await createBenchDatabase(root, 'cairn_soak', onCleanup);
  say(`database: ${database.kind}`);
  const node = await startLitecoind();
  onCleanup('litecoind', () => node.stop());
  await activateMweb(node);
  say(
    `litecoind -regtest on ${new URL(node.rpcUrl).host}, wallet funded, MWEB active (${await node.height()} blocks)`,
  );

  const receiver: SoakReceiver = await startSoakReceiver(onDelivery);
  onCleanup('webhook receiver', () => receiver.close());

  const port = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    CAIRN_DATA_DIR: join(root, 'data'),
    HOST: '127.0.0.1',
    PORT: String(port),
    CAIRN_ENABLED_CHAINS: 'LTC_REGTEST',
    CAIRN_CHAIN_LTC_REGTEST_RPC_URL: node.rpcUrl,
    CAIRN_CHAIN_LTC_REGTEST_CONFIRMATIONS: String(CONFIRMATIONS),
    CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
    CAIRN_MASTER_KEY: randomBytes(32).toString('hex'),
    CAIRN_LOG_LEVEL: LOG_LEVEL,
    ...(RATE * 3 > 600 ? { CAIRN_RATE_LIMIT_PER_MINUTE: String(Math.ceil(RATE * 4)) } : {}),
  };

  // Set up as an operator would, with the compiled CLI.
  const cli = async (args: string[]) => {
    const result = await runCli(args, { env: { ...env, CAIRN_LOG_LEVEL: 'warn' }, timeoutMs: 120_000 });
    if (result.code !== 0)
      throw new Error(
        `cairn ${args[0]} exited with ${result.code ?? result.signal}:\n${result.stderr}${result.stdout}`,
      );
    return result.stdout;
  };
  // Only `start` and `migrate` create the schema; the other commands refuse a database without it.
  await cli(['migrate']);
  const seed = JSON.parse(await cli(['dev:seed', '--json'])) as {
    business_id: string;
    api_key: string;
    api_key_id: string;
  };
  const creditUsd = Math.ceil(RATE * MINUTES * (MAX_CENTS / 100) * FEE_FRACTION * 2) + 100;
  await cli(['credit:top-up', '--business', seed.business_id, '--mode', 'test', '--usd', String(creditUsd)]);
  const endpoint = JSON.parse(
    (await cli(['webhooks:set', '--key', seed.api_key_id, '--url', receiver.url])).trim().split('\n').at(-1)!,
  ) as { secret?: string; events: string[] };
  if (!endpoint.secret) throw new Error('webhooks:set printed no secret');
  receiver.setSecret(endpoint.secret);
  say(
    `seeded: business ${seed.business_id}, key ${seed.api_key_id}, +${creditUsd} USD test credit, webhooks to ${receiver.url}`,
  );

  const logFile = join(root, 'gateway.log');
  gatewayLogFile = logFile;
  const startedAt = performance.now();
  const gateway = await startCompiledGateway({ env, logFile });
  let exit: GatewayExit | undefined;
  onCleanup('gateway', async () => {
    exit ??= await gateway.stop();
  });
  say(
    `gateway pid ${gateway.pid} ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s at ${gateway.url}; log ${logFile}`,
  );
  const firstSyncMs = await waitForFirstSync(gateway.url);
  say(
    `the watcher's first sync ended ${firstSyncMs.toFixed(0)} ms after /readyz answered 200 (LTC_REGTEST is offered from then on; the load starts now)`,
  );
  const inspector = await connectHeapInspector(gateway.inspectorUrl);
  onCleanup('inspector session', () => inspector.close());
  const monitor = new pg.Client({
    connectionString: database.adminUrl,
    application_name: 'cairn soak monitor',
  });
  await monitor.connect();
  onCleanup('monitor connection', () => monitor.end());
  const readLog = logReader(logFile);
  const gatewayLog: string[] = [];

  const api = makeApi(gateway.url, seed.api_key);
  console.log(
    `soak: ${MINUTES} min at ${RATE} payments/min (every 20th overpaid by 5 %, every 20th underpaid then topped up), a block every ${BLOCK_SECONDS} s, ${CONFIRMATIONS} confirmations; ` +
      `node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (a shared machine: other work runs beside this)`,
  );
  // The start line also resets the event-loop histogram, so minute 1 measures minute 1 only.
  const start = await takeSample(gateway, inspector, monitor, database.name, readLog, gatewayLog);
  console.log(HEADER);
  console.log(sampleLine('start', start));

  // Mining.
  let mining = true;
  let blocks = 0;
  const miner = (async () => {
    let next = performance.now();
    while (mining) {
      next += BLOCK_SECONDS * 1000;
      await sleep(Math.max(0, next - performance.now()));
      if (!mining) break;
      try {
        await node.mine(1);
        blocks += 1;
      } catch (error) {
        recordError(`mine: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();

  // Load and per-minute samples.
  const samples: Sample[] = [];
  loadStart = performance.now();
  loading = true;
  const intervalMs = MINUTE_MS / RATE;
  let started = 0;
  let nextSample = 1;
  const loadEnd = loadStart + MINUTES * MINUTE_MS;
  while (!aborted) {
    const t = performance.now();
    if (t >= loadStart + nextSample * MINUTE_MS) {
      const sample = await takeSample(gateway, inspector, monitor, database.name, readLog, gatewayLog);
      samples.push(sample);
      console.log(sampleLine(`${nextSample}/${MINUTES}`, sample, perMinute[nextSample - 1]));
      if (HEAP_SNAPSHOTS && (nextSample === 1 || nextSample === MINUTES)) {
        mkdirSync(HEAP_SNAPSHOTS, { recursive: true });
        const file = join(HEAP_SNAPSHOTS, `soak-minute-${nextSample}.heapsnapshot`);
        const snapshotStart = performance.now();
        await inspector.writeHeapSnapshot(file);
        say(`heap snapshot ${file} (${((performance.now() - snapshotStart) / 1000).toFixed(1)} s)`);
      }
      await checkWalletFunds(node);
      nextSample += 1;
      if (nextSample > MINUTES) break;
      continue;
    }
    const due = loadStart + started * intervalMs;
    if (due >= loadEnd) {
      await sleep(loadStart + nextSample * MINUTE_MS - t);
      continue;
    }
    if (due > t) {
      await sleep(Math.min(due, loadStart + nextSample * MINUTE_MS) - t);
      continue;
    }
    if (inFlight.size >= MAX_IN_FLIGHT) now().skipped += 1;
    else {
      const flow = runPayment(started, api, node).catch((error: unknown) =>
        recordError(`payment flow: ${error instanceof Error ? error.message : String(error)}`),
      );
      inFlight.add(flow);
      void flow.finally(() => inFlight.delete(flow));
    }
    started += 1;
  }
  loading = false;
  if (aborted) return 130;
  const loadMinutes = samples.length;
  say(`load over after ${((performance.now() - loadStart) / MINUTE_MS).toFixed(1)} min; draining`);

  // Drain: every flow finishes, every paid payment confirms, every event is delivered.
  const drainStart = performance.now();
  const drainDeadline = drainStart + DRAIN_SECONDS * 1000;
  await Promise.race([Promise.allSettled([...inFlight]), sleep(DRAIN_SECONDS * 1000)]);
  const checks = new pg.Client({ connectionString: database.url, application_name: 'cairn soak checks' });
  await checks.connect();
  onCleanup('checks connection', () => checks.end());
  const outbox = async () =>
    (
      await checks.query<{ id: string; payment_id: string | null; event: string }>(
        `select payload->>'id' as id, payment_id, event from outbox_events where api_key_id = $1 order by seq`,
        [seed.api_key_id],
      )
    ).rows;
  const unconfirmed = () => [...payments.values()].filter((p) => !p.confirmed && !failedPayments.has(p.id));
  let events = await outbox();
  while (performance.now() < drainDeadline) {
    events = await outbox();
    if (unconfirmed().length === 0 && events.every((e) => receiver.delivered.has(e.id))) break;
    await sleep(1_000);
  }
  const drainS = (performance.now() - drainStart) / 1000;
  mining = false;
  await miner;
  // Webhooks for the last blocks may still be on their way: one more look at the outbox.
  events = await outbox();
  const idle = await takeSample(gateway, inspector, monitor, database.name, readLog, gatewayLog);
  console.log(sampleLine('drain', idle, drainCounts));

  // Shutdown: the inspector session first (Node waits for an attached session before it exits).
  await inspector.close();
  exit = await gateway.stop(30_000);
  const finalLog = readLog();
  gatewayLog.push(...finalLog.lines);

  // Checks.
  const lost = events.filter((e) => !receiver.delivered.has(e.id));
  const outOfOrder: string[] = [];
  const expectedByPayment = new Map<string, string[]>();
  for (const e of events)
    if (e.payment_id)
      expectedByPayment.set(e.payment_id, [...(expectedByPayment.get(e.payment_id) ?? []), e.id]);
  for (const [paymentId, expected] of expectedByPayment) {
    const arrived = (receiver.byPayment.get(paymentId) ?? []).filter((id) => expected.includes(id));
    const delivered = expected.filter((id) => receiver.delivered.has(id));
    if (arrived.join() !== delivered.join()) outOfOrder.push(paymentId);
  }
  const statuses = (
    await checks.query<{ status: string; overpaid: boolean; n: number }>(
      'select status, overpaid, count(*)::int as n from payments group by 1, 2 order by 3 desc',
    )
  ).rows;
  const deliveries = (
    await checks.query<{ status: string; n: number; retried: number }>(
      `select status, count(*)::int as n, count(*) filter (where attempts > 1)::int as retried
         from webhook_deliveries group by 1 order by 2 desc`,
    )
  ).rows;
  const eventCounts = new Map<string, number>();
  for (const e of events) eventCounts.set(e.event, (eventCounts.get(e.event) ?? 0) + 1);

  // Summary.
  const total = (pick: (c: Counts) => number) =>
    sum(perMinute.slice(0, loadMinutes).map(pick)) + pick(drainCounts);
  const all = (pick: (c: Counts) => number[]) => [...perMinute.flatMap(pick), ...pick(drainCounts)];
  const createdCount = payments.size;
  const paidCount = [...payments.values()].filter((p) => p.paidAt !== undefined).length;
  const confirmedCount = [...payments.values()].filter((p) => p.confirmed).length;
  console.log('');
  console.log(
    `summary (${loadMinutes} min of load, drain ${drainS.toFixed(0)} s, ${blocks} blocks mined; load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}):`,
  );
  const series: { name: string; values: number[]; tolerance: Tolerance; show: (v: number) => string }[] = [
    {
      name: 'RSS',
      values: samples.map((s) => s.rss),
      tolerance: { absolute: 8 * MiB, relative: 0.05 },
      show: (v) => `${mib(v)} MiB`,
    },
    {
      name: 'heap after GC',
      values: samples.map((s) => s.heapAfterGc),
      tolerance: { absolute: 2 * MiB, relative: 0.05 },
      show: (v) => `${mib(v)} MiB`,
    },
    {
      name: 'event-loop delay p99',
      values: samples.map((s) => s.eventLoopP99Ms),
      tolerance: { absolute: 5, relative: 0.25 },
      show: (v) => `${v.toFixed(1)} ms`,
    },
    {
      name: 'open handles',
      values: samples.map((s) => s.handles),
      tolerance: { absolute: 3, relative: 0.1 },
      show: (v) => v.toFixed(1),
    },
    {
      name: 'PostgreSQL connections',
      values: samples.map((s) => s.pgTotal),
      tolerance: { absolute: 1, relative: 0.1 },
      show: (v) => v.toFixed(1),
    },
    {
      name: 'watcher index targets',
      values: samples.map((s) => s.openTargets),
      tolerance: { absolute: 10, relative: 0.15 },
      show: (v) => v.toFixed(1),
    },
  ];
  if (samples.length > 0) {
    console.log(
      `  ${'series'.padEnd(24)} ${'first quarter'.padStart(14)} ${'last quarter'.padStart(14)} ${'slope per hour'.padStart(16)}  verdict`,
    );
    for (const s of series) {
      const trend: Trend = judgeTrend(s.values, s.tolerance);
      const sign = trend.slopePerHour >= 0 ? '+' : '-';
      const slope = `${sign}${s.show(Math.abs(trend.slopePerHour))}`;
      const verdict =
        samples.length < 6
          ? '(too few minutes to judge: run at least 6)'
          : trend.verdict === 'flat'
            ? `flat (change within ±${s.show(trend.tolerance)})`
            : `${trend.verdict} by ${s.show(Math.abs(trend.slopePerHour))} per hour`;
      console.log(
        `  ${s.name.padEnd(24)} ${s.show(trend.firstQuarterMean).padStart(14)} ${s.show(trend.lastQuarterMean).padStart(14)} ${slope.padStart(16)}  ${verdict}`,
      );
    }
    console.log(
      `  (${samples.length} samples${samples.length >= 6 ? ', minute 1 left out as warm-up' : ''}; quarters of the rest)`,
    );
    // The watcher's index keeps every deposit target (docs/decisions.md, Chain watching): the heap's
    // growth per target added bounds what each costs (code compiled during the run counts too).
    const exact = { absolute: 0, relative: 0 };
    const heapSlope = judgeTrend(
      samples.map((s) => s.heapAfterGc),
      exact,
    ).slopePerHour;
    const targetSlope = judgeTrend(
      samples.map((s) => s.openTargets),
      exact,
    ).slopePerHour;
    if (targetSlope > 0)
      console.log(
        `  heap growth per target added to the watcher's index: ${(heapSlope / targetSlope / 1024).toFixed(2)} KiB (slope / slope: an upper bound, code compiled meanwhile counts too)`,
      );
  }
  const createLatency = all((c) => c.createMs);
  const payToConfirmed = all((c) => c.payToConfirmedS);
  console.log(
    `  payments: ${createdCount} created, ${paidCount} paid, ${confirmedCount} confirmed (${total((c) => c.skipped)} starts skipped while ${MAX_IN_FLIGHT} were in flight)`,
  );
  console.log(
    `  create latency p50 ${fmt(percentile(createLatency, 0.5))} ms, p99 ${fmt(percentile(createLatency, 0.99))} ms; ` +
      `pay -> payment.confirmed webhook p50 ${fmt(percentile(payToConfirmed, 0.5), 1)} s, p99 ${fmt(percentile(payToConfirmed, 0.99), 1)} s`,
  );
  console.log(
    `  database: ${statuses.map((r) => `${r.status}${r.overpaid ? ' (overpaid)' : ''} ${r.n}`).join(', ')}`,
  );
  console.log(
    `  webhooks: ${events.length} events in the outbox (${[...eventCounts].map(([e, n]) => `${e} ${n}`).join(', ')}); ` +
      `${receiver.delivered.size} verified at the receiver, ${receiver.duplicates} duplicate deliveries, ${receiver.rejected.length} refused, ${lost.length} lost, ${outOfOrder.length} payments out of order`,
  );
  console.log(
    `  delivery log: ${deliveries.map((r) => `${r.status} ${r.n}${r.retried ? ` (${r.retried} after a retry)` : ''}`).join(', ')}`,
  );
  console.log(`  errors: ${total((c) => c.errors)}${errorKinds.size ? ':' : ''}`);
  for (const [message, n] of errorKinds) console.log(`    ${n} x ${message}`);
  const logged = [start, ...samples, idle];
  const warnLines = sum(logged.map((s) => s.logWarn)) + finalLog.warn;
  const errorLines = sum(logged.map((s) => s.logError)) + finalLog.error;
  console.log(
    `  gateway log: ${warnLines} warn, ${errorLines} error lines${gatewayLog.length ? '; first ones:' : ''}`,
  );
  for (const line of gatewayLog.slice(0, 10)) console.log(`    ${line}`);
  console.log(
    `  shutdown: SIGTERM -> exit in ${exit.ms.toFixed(0)} ms, ${exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`}${exit.graceful ? '' : ' (killed after 30 s)'}`,
  );

  // Verdict.
  if (total((c) => c.errors) > 0) problems.push(`${total((c) => c.errors)} errors`);
  if (confirmedCount < createdCount)
    problems.push(`${createdCount - confirmedCount} of ${createdCount} payments not confirmed`);
  if (lost.length > 0)
    problems.push(`${lost.length} webhooks lost (in the outbox, never verified at the receiver)`);
  if (receiver.rejected.length > 0)
    problems.push(`${receiver.rejected.length} deliveries refused by the receiver: ${receiver.rejected[0]}`);
  if (outOfOrder.length > 0) problems.push(`${outOfOrder.length} payments' webhooks arrived out of order`);
  if (!exit.graceful || exit.code !== 0) problems.push('the gateway did not exit with 0 on SIGTERM');
  if (createdCount === 0) problems.push('no payment was created');
  for (const problem of problems) console.log(`PROBLEM ${problem}`);
  if (problems.length > 0 || errorLines > 0) keepRoot = true;
  console.log(problems.length === 0 ? 'soak: OK' : 'soak: FAILED');
  return problems.length === 0 ? 0 : 1;
}

/**
 * Waits for the watcher's first successful sync (its `cairn_chain_seconds_since_sync` sample appears):
 * `/readyz` answers 200 before it, and the chain is not offered to payments until then. Returns how long
 * it took.
 */
async function waitForFirstSync(url: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();
    if (/^cairn_chain_seconds_since_sync\{[^}]*chain="LTC_REGTEST"/m.test(text))
      return performance.now() - started;
    if (performance.now() - started > timeoutMs)
      throw new Error(`the LTC_REGTEST watcher did not sync within ${timeoutMs} ms of /readyz answering 200`);
    await sleep(50);
  }
}

/** Regtest's first block with a MWEB extension block (Litecoin Core 0.21's default regtest parameters). */
const FIRST_MWEB_HEIGHT = 432;

/**
 * Mines past the MWEB activation, as Litecoin's own functional tests do (`setup_mweb_chain`): the
 * first MWEB block must include a peg-in, or mining stops there for good ("bad-txns-vin-empty",
 * litecoin-project/litecoin#807). So the whole run sees the chain as mainnet has it since 2022 (blocks
 * with a HogEx transaction) rather than changing regime part-way. The peg-in goes to an MWEB address of
 * another wallet (created, asked once, unloaded), so the node's wallet never spends MWEB coins (a
 * peg-out) to pay a deposit address.
 */
async function activateMweb(node: Litecoind): Promise<void> {
  const height = await node.height();
  if (height >= FIRST_MWEB_HEIGHT) return;
  const sinkName = 'soak-mweb-sink';
  await node.rpc.call('createwallet', [sinkName]);
  let sinkAddress: string;
  try {
    const sink = new JsonRpcClient(`${node.rpcUrl}/wallet/${sinkName}`, { timeoutMs: 60_000 });
    sinkAddress = await sink.call<string>('getnewaddress', ['', 'mweb']);
  } finally {
    await node.rpc.call('unloadwallet', [sinkName]);
  }
  if (height < FIRST_MWEB_HEIGHT - 1) await node.mine(FIRST_MWEB_HEIGHT - 1 - height);
  await node.rpc.call('sendtoaddress', [sinkAddress, '1']);
  await node.mine(1);
}

/** Mines 101 blocks to the node's wallet when it could not pay for three more minutes of load. */
async function checkWalletFunds(node: Litecoind): Promise<void> {
  const balance = await node.rpc.call<number | string>('getbalance');
  const litoshis = parseUnits(typeof balance === 'string' ? balance : balance.toFixed(8), 8);
  // At most 50 USD at the demo rate of 80 USD/LTC, plus 5 %: 0.66 LTC per payment.
  const needed = BigInt(Math.ceil(RATE * 3 * 0.66)) * 100_000_000n;
  if (litoshis >= needed) return;
  say(`the node's wallet is low (${balance} LTC): mining 101 blocks to it`);
  await node.mine(101);
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  // After Ctrl-C the run fails as its parts go away: only the abort is news.
  if (!aborted) {
    console.error('[soak] failed:', error);
    keepRoot = true;
    if (gatewayLogFile && existsSync(gatewayLogFile))
      console.error(
        `[soak] the gateway's log ends with:\n${readFileSync(gatewayLogFile, 'utf8').split('\n').slice(-30).join('\n')}`,
      );
  }
} finally {
  await cleanUp();
}
process.exit(aborted ? 130 : exitCode);
