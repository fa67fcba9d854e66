/**
 * Create-payment benchmark: `pnpm --filter @cairn/server bench`.
 *
 * 1. Start-to-ready with the embedded PostgreSQL: spawns `node --import tsx src/app/main.ts start` (the `cairn` script's flags) on a fresh data
 *    directory (first start) and again on the same directory (warm start), polling /readyz.
 *    BENCH_START=0 skips this (while iterating on throughput).
 * 2. Throughput and latency with autocannon (50 connections, BENCH_DURATION_S seconds, default 20, after
 *    a BENCH_WARMUP_S warm-up, default 3) of POST /api/v1/payments against a baseline on the same
 *    database: a bare Fastify route doing one INSERT of a payment-shaped row. Each target runs alone in
 *    its own child process, so autocannon (in this process) never shares its event loop. One target is
 *    loaded at a time. BENCH_ROUNDS=N (default 1) alternates N rounds of baseline-then-gateway and
 *    judges by the medians of the per-round ratio and p99 (robust to a noisy neighbour).
 *    BENCH_IDEMPOTENCY_KEY=1 also loads the gateway with a fresh Idempotency-Key per request (what the
 *    SDK sends; reported, not a target). BENCH_NODE_ARGS adds Node flags to the targets, e.g.
 *    `--cpu-prof --cpu-prof-dir=/tmp/prof` (summarise with `tsx bench/summarizeCpuProfile.ts <file>`).
 *    BENCH_COMPARE_REF=<git ref> also loads the gateway as of that commit (its server `src`), in the
 *    same rounds: an A/B comparison that a noisy machine affects alike (reported, not a target).
 *    BENCH_HEAP_PROFILE=<path prefix> samples the gateway's allocations (gatewayTarget.ts).
 *    Each load also reports CPU time per request of its process (user + kernel) and of PostgreSQL's
 *    backends (from /proc when PostgreSQL runs here): steadier than req/s on a shared machine.
 *
 * Database: a fresh `cairn_bench_<random>` database on DATABASE_URL when set, else on an embedded
 * PostgreSQL in a temp folder; dropped at the end. Exit code 1 when a target is missed or a run had
 * errors or non-2xx responses.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchCleanups } from './benchCleanups.js';
import { createBenchDatabase, withClient } from './createBenchDatabase.js';
import {
  freePort,
  GATEWAY_NODE_FLAGS,
  killAllTracked,
  type Memory,
  SERVER_DIR,
  sleep,
  TargetProcess,
  type Termination,
  terminate,
  track,
} from './support.js';

const CONNECTIONS = 50;
const DURATION_S = secondsFromEnv('BENCH_DURATION_S', 20);
const WARMUP_S = secondsFromEnv('BENCH_WARMUP_S', 3);
const ROUNDS = Math.max(1, Math.round(positiveFromEnv('BENCH_ROUNDS', 1)));
const WITH_IDEMPOTENCY_KEY = process.env.BENCH_IDEMPOTENCY_KEY === '1';
const COMPARE_REF = process.env.BENCH_COMPARE_REF || undefined;

/**
 * The server's `src` and `migrations` at a git ref, extracted under bench/results/ (git-ignored, so
 * module resolution finds this package's node_modules); removed with the run's temp files. Returns
 * the path of its `src`.
 */
function extractServerSource(ref: string, root: string): string {
  const dir = join(SERVER_DIR, 'bench', 'results', `compare-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  onCleanup(`compare source ${dir}`, async () => rmSync(dir, { recursive: true, force: true }));
  const archive = join(root, 'compare.tar');
  execFileSync('git', ['archive', '--output', archive, `${ref}:server`, 'src', 'migrations'], {
    cwd: join(SERVER_DIR, '..'),
  });
  execFileSync('tar', ['-xf', archive, '-C', dir]);
  return join(dir, 'src');
}
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
const BODY = JSON.stringify({ fiat_amount: '25.00', fiat_currency: 'EUR', order_id: 'bench' });
const BASELINE_TABLE = 'bench_payments';

function secondsFromEnv(name: string, fallback: number): number {
  return positiveFromEnv(name, fallback);
}

function positiveFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

// ---------------------------------------------------------------------------------------------------
// Cleanup: everything started registers how to undo it; undone in reverse order, even on failure.

const { onCleanup, cleanUp } = benchCleanups();

const say = (message: string) => console.log(`[bench] ${message}`);

// ---------------------------------------------------------------------------------------------------
// Start-to-ready with the embedded database.

interface StartTiming {
  /** Spawn of the start command to the first 200 from /readyz. */
  readonly spawnToReadyMs: number;
  /** startGateway() call to listening, as the gateway logs it ("gateway ready"). */
  readonly startGatewayMs: number | undefined;
  /** Of which starting (and on a first start, initialising) the embedded PostgreSQL. */
  readonly embeddedPgMs: number | undefined;
  readonly initialised: boolean | undefined;
  /** SIGTERM to exit of the gateway. */
  readonly stop: Termination;
  readonly exitCode: number | null;
  readonly exitSignal: NodeJS.Signals | null;
  /** Error lines it printed, when it did not exit with 0. */
  readonly errors: readonly string[];
}

function logLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** The distinct error messages in a gateway's output: pino lines at level >= 50 and thrown errors. */
function errorLines(output: string, lines: readonly Record<string, unknown>[]): string[] {
  const logged = lines
    .filter((l) => typeof l.level === 'number' && l.level >= 50)
    .map((l) => `log: ${String(l.msg)}`);
  const thrown = output
    .split('\n')
    .filter((l) => /^([A-Z]\w*Error|error): |^Emitted 'error'/.test(l))
    .map((l) => `stderr: ${l.trim()}`);
  return [...new Set([...logged, ...thrown])].map((l) => (l.length > 200 ? `${l.slice(0, 200)}…` : l));
}

async function pollReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the gateway exited (code ${child.exitCode}, signal ${child.signalCode}) before ready`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`${url} not 200 within ${timeoutMs} ms`);
}

async function measureStart(dataDir: string, label: string): Promise<StartTiming> {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    CAIRN_DATA_DIR: dataDir,
    CAIRN_EMBEDDED_PG_PORT: String(await freePort()),
    PORT: String(port),
    HOST: '127.0.0.1',
    CAIRN_LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = track(
    spawn(process.execPath, [...GATEWAY_NODE_FLAGS, '--import', 'tsx', 'src/app/main.ts', 'start'], {
      cwd: SERVER_DIR,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  onCleanup(`${label} gateway (pid ${child.pid})`, () => terminate(child, 'SIGTERM', 20_000));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    await pollReady(`http://127.0.0.1:${port}/readyz`, child, 180_000);
  } catch (error) {
    console.error(`[bench] ${label} start failed; its output:\n${output.slice(-4000)}`);
    throw error;
  }
  const spawnToReadyMs = performance.now() - started;
  const stop = await terminate(child, 'SIGTERM', 30_000);
  const lines = logLines(output);
  const pgLine = lines.find((l) => l.msg === 'embedded PostgreSQL started');
  const readyLine = lines.find((l) => l.msg === 'gateway ready');
  return {
    spawnToReadyMs,
    startGatewayMs: typeof readyLine?.ms === 'number' ? readyLine.ms : undefined,
    embeddedPgMs: typeof pgLine?.ms === 'number' ? pgLine.ms : undefined,
    initialised: typeof pgLine?.initialised === 'boolean' ? pgLine.initialised : undefined,
    stop,
    exitCode: child.exitCode,
    exitSignal: child.signalCode,
    errors: child.exitCode === 0 ? [] : errorLines(output, lines),
  };
}

// ---------------------------------------------------------------------------------------------------
// Database.

// ---------------------------------------------------------------------------------------------------
// Load.

/** A benchmark target: a child process serving one POST route. */
interface Target {
  readonly name: string;
  /** Child-process script (relative to this folder). */
  readonly script: string;
  readonly env: Record<string, string | undefined>;
  readonly url: (target: TargetProcess) => string;
  readonly headers: (target: TargetProcess) => Record<string, string>;
}

/** A started target, probed once (its 201 body is kept as a sample). */
interface Started {
  readonly name: string;
  readonly child: TargetProcess;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly sample: string;
  readonly memoryBefore: Memory;
}

/** One warm-up plus measurement of one load. */
interface Run {
  readonly result: autocannon.Result;
  readonly warmup: autocannon.Result;
  /** CPU time per completed request during the measurement: the target process, and PostgreSQL. */
  readonly nodeCpuUs: number;
  /** Of which in the kernel (system time). */
  readonly nodeSystemUs: number;
  readonly postgresCpuUs: number | undefined;
}

/** A load pattern against a started target, measured once per round. */
interface Load {
  readonly name: string;
  readonly target: Started;
  /** Whether each request carries a fresh Idempotency-Key (as the SDK sends on every POST). */
  readonly idempotencyKey: boolean;
  readonly runs: Run[];
}

function load(target: Load, seconds: number): Promise<autocannon.Result> {
  const { url, headers } = target.target;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers,
    body: BODY,
    ...(target.idempotencyKey
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: { ...request.headers, 'idempotency-key': randomUUID() },
              }),
            },
          ],
        }
      : {}),
  });
}

async function start(target: Target): Promise<Started> {
  say(`${target.name}: starting its process`);
  const child = await TargetProcess.start(target.name, target.script, target.env);
  onCleanup(`${target.name} process`, () => child.stop());
  const url = target.url(child);
  const headers = { 'content-type': 'application/json', ...target.headers(child) };
  const probe = await fetch(url, { method: 'POST', headers, body: BODY });
  const sample = await probe.text();
  if (probe.status !== 201) throw new Error(`${target.name}: probe got ${probe.status}: ${sample}`);
  const memoryBefore = await child.memory();
  return { name: target.name, child, url, headers, sample, memoryBefore };
}

async function measure(target: Load, databaseUrl: string, round: string): Promise<void> {
  // Dirty pages from the previous phase are written now, not during this load's run.
  await withClient(databaseUrl, (c) => c.query('checkpoint')).catch(() => {});
  say(`${target.name}${round}: warming up (${WARMUP_S} s)`);
  const warmup = await load(target, WARMUP_S);
  say(`${target.name}${round}: measuring (${DURATION_S} s, ${CONNECTIONS} connections)`);
  const cpuBefore = await target.target.child.cpu();
  const postgresBefore = await postgresCpu(databaseUrl);
  const result = await load(target, DURATION_S);
  const cpuAfter = await target.target.child.cpu();
  const postgresAfter = await postgresCpu(databaseUrl);
  const requests = Math.max(1, result.requests.total ?? result['2xx']);
  const nodeCpuUs = (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / requests;
  const nodeSystemUs = (cpuAfter.system - cpuBefore.system) / requests;
  let postgresCpuUs: number | undefined;
  if (postgresBefore && postgresAfter) {
    let used = 0;
    for (const [pid, us] of postgresAfter) used += us - (postgresBefore.get(pid) ?? 0);
    postgresCpuUs = used / requests;
  }
  target.runs.push({ result, warmup, nodeCpuUs, nodeSystemUs, postgresCpuUs });
}

const CLOCK_TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (µs) of each PostgreSQL backend connected to the benchmark database, from /proc: only
 * when PostgreSQL runs on this machine (loopback DATABASE_URL or the embedded one), else undefined.
 */
async function postgresCpu(databaseUrl: string): Promise<Map<number, number> | undefined> {
  try {
    const pids = await withClient(databaseUrl, async (c) => {
      const result = await c.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return result.rows.map((row) => row.pid);
    });
    const times = new Map<number, number>();
    for (const pid of pids) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of /proc/<pid>/stat (11 and 12 after the command name).
      times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_S);
    }
    return times;
  } catch {
    return undefined;
  }
}

/** The median of `values` (the mean of the middle two for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// ---------------------------------------------------------------------------------------------------
// Report.

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${Math.round(value)} ms`);
const num = (value: number, digits = 1) => value.toFixed(digits);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}

const badResponses = (r: autocannon.Result) => r.non2xx + r.errors + r.timeouts;
const statusCodes = (r: autocannon.Result) =>
  Object.entries(r.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(', ') || 'none';

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'cairn-bench-'));
  onCleanup(`temp dir ${root}`, async () => rmSync(root, { recursive: true, force: true }));
  // Last resort when the process exits before the cleanup ran.
  process.on('exit', () => {
    killAllTracked();
    rmSync(root, { recursive: true, force: true });
  });
  // Under root the embedded PostgreSQL runs as `postgres`, which must traverse to its data folder.
  chmodSync(root, 0o755);

  const cpu = cpus();
  console.log('Cairn create-payment benchmark');
  console.log(
    `  node ${process.version}, ${cpu.length}× ${cpu[0]?.model.trim() ?? 'cpu'}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `  autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per target after a ${WARMUP_S} s warm-up, one target at a time`,
  );
  console.log(
    '  each target runs alone in its own child process (Node + tsx); autocannon runs in this process',
  );
  if (loadavg()[0]! > cpu.length / 2) {
    console.log(
      `  WARNING: the machine is already busy (1-min load average ${loadavg()[0]!.toFixed(2)} on ${cpu.length} cores): expect noisy numbers`,
    );
  }

  // 1. Start-to-ready (before the load, while the machine is quiet).
  // BENCH_START=0 skips them while iterating on throughput.
  const measureStarts = process.env.BENCH_START !== '0';
  const startDir = join(root, 'start');
  let starts: (readonly [string, StartTiming])[] = [];
  if (measureStarts) {
    say('embedded start-to-ready: first start (fresh data dir)');
    const first = await measureStart(startDir, 'first start');
    say('embedded start-to-ready: warm start (same data dir)');
    const warm = await measureStart(startDir, 'warm start');
    starts = [
      ['first start (fresh data dir)', first],
      ['warm start (same data dir)', warm],
    ];
  }
  const pidFileLeft = measureStarts && existsSync(join(startDir, 'postgres', 'postmaster.pid'));

  // 2. Database, seeding (the gateway migrates and dev:seed's the business and key), baseline table.
  const database = await createBenchDatabase(root, 'cairn_bench', onCleanup);
  say(`database: ${database.kind}`);
  const gatewayEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    BENCH_ERROR_LOG: join(root, 'gateway-errors.log'),
  };
  const seeder = await TargetProcess.start('gateway (seeding)', './gatewayTarget.ts', gatewayEnv);
  onCleanup('seeding gateway process', () => seeder.stop());
  const { apiKey, apiKeyId, businessId } = seeder.info as Record<string, string>;
  await seeder.stop();
  const dbInfo = await withClient(database.url, async (c) => {
    await c.query(`create table ${BASELINE_TABLE} (like payments including all)`);
    await c.query(
      `alter table ${BASELINE_TABLE}
         add foreign key (business_id) references businesses (id),
         add foreign key (api_key_id) references api_keys (id),
         add foreign key (wallet_id) references wallets (id)`,
    );
    const settings = await c.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings
       where name in ('server_version', 'max_connections', 'shared_buffers', 'synchronous_commit', 'fsync')`,
    );
    return settings.rows.map((r) => `${r.name}=${r.setting}${r.unit ?? ''}`).join(', ');
  });
  say(`postgres: ${dbInfo}`);

  // 3. Load. Both targets run for the whole measurement, but only one is loaded at a time; a round
  // loads the baseline first (a conservative order for the gateway's ratio), then the gateway. With
  // BENCH_ROUNDS > 1 the rounds alternate, so a noisy neighbour hits both sides alike: the verdicts
  // use the median over rounds of the per-round ratio and p99. BENCH_IDEMPOTENCY_KEY=1 adds a third
  // load: the gateway with a fresh Idempotency-Key on every request (what the SDK sends).
  const baselineTarget = await start({
    name: 'baseline',
    script: './baselineTarget.ts',
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      BENCH_BUSINESS_ID: businessId,
      BENCH_API_KEY_ID: apiKeyId,
      BENCH_TABLE: BASELINE_TABLE,
    },
    url: (p) => p.url,
    headers: () => ({}),
  });
  const gatewayTarget = await start({
    name: 'gateway',
    script: './gatewayTarget.ts',
    env: gatewayEnv,
    url: (p) => `${p.url}/api/v1/payments`,
    headers: () => ({ authorization: `Bearer ${apiKey}` }),
  });
  const baseline: Load = { name: 'baseline', target: baselineTarget, idempotencyKey: false, runs: [] };
  const gateway: Load = { name: 'gateway', target: gatewayTarget, idempotencyKey: false, runs: [] };
  const loads = [baseline, gateway];
  if (WITH_IDEMPOTENCY_KEY) {
    loads.push({ name: 'gateway+idem-key', target: gatewayTarget, idempotencyKey: true, runs: [] });
  }
  const started = [baselineTarget, gatewayTarget];
  if (COMPARE_REF) {
    const compareTarget = await start({
      name: `gateway@${COMPARE_REF}`,
      script: './gatewayTarget.ts',
      env: { ...gatewayEnv, BENCH_GATEWAY_SRC: extractServerSource(COMPARE_REF, root) },
      url: (p) => `${p.url}/api/v1/payments`,
      headers: (p) => ({ authorization: `Bearer ${p.info.apiKey}` }),
    });
    started.push(compareTarget);
    loads.push({ name: compareTarget.name, target: compareTarget, idempotencyKey: false, runs: [] });
    if (WITH_IDEMPOTENCY_KEY) {
      loads.push({
        name: `${compareTarget.name}+idem-key`,
        target: compareTarget,
        idempotencyKey: true,
        runs: [],
      });
    }
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of loads) await measure(target, database.url, ROUNDS > 1 ? ` round ${round}` : '');
  }
  const memories = new Map<Started, Memory>();
  for (const target of started) {
    memories.set(target, await target.child.memory());
    await target.child.stop();
  }

  const rows = await withClient(database.url, async (c) => {
    const payments = await c.query<{ n: string }>(
      `select count(*)::text as n from payments where order_id = 'bench'`,
    );
    const options = await c.query<{ n: string }>(
      `select count(*)::text as n from payment_options o join payments p on p.id = o.payment_id where p.order_id = 'bench'`,
    );
    const base = await c.query<{ n: string }>(`select count(*)::text as n from ${BASELINE_TABLE}`);
    return {
      payments: Number(payments.rows[0]!.n),
      options: Number(options.rows[0]!.n),
      baseline: Number(base.rows[0]!.n),
    };
  });

  // 4. Report.
  const measured = loads.flatMap((target) =>
    target.runs.map((run, i) => ({ name: ROUNDS > 1 ? `${target.name} #${i + 1}` : target.name, ...run })),
  );
  console.log('');
  console.log(
    table([
      [
        'target',
        'req/s mean',
        'req/s median',
        'p50',
        'p90',
        'p99',
        'max',
        '2xx',
        'non-2xx',
        'errors',
        'timeouts',
        'node CPU/req',
        'pg CPU/req',
      ],
      ...measured.map(({ name, result: r, nodeCpuUs, nodeSystemUs, postgresCpuUs }) => [
        name,
        num(r.requests.mean),
        num(r.requests.p50),
        ms(r.latency.p50),
        ms(r.latency.p90),
        ms(r.latency.p99),
        ms(r.latency.max),
        String(r['2xx']),
        String(r.non2xx),
        String(r.errors),
        String(r.timeouts),
        `${Math.round(nodeCpuUs)} µs (sys ${Math.round(nodeSystemUs)})`,
        postgresCpuUs === undefined ? 'n/a' : `${Math.round(postgresCpuUs)} µs`,
      ]),
    ]),
  );
  console.log(
    '  (CPU/req: CPU time of the target process (of which in the kernel), and of the PostgreSQL backends of the benchmark database, per request measured)',
  );
  console.log('');
  for (const { name, result: r, warmup } of measured) {
    console.log(
      `${name}: status codes ${statusCodes(r)}; ${r.samples} one-second samples; warm-up ${warmup['2xx']}×2xx, ` +
        `${badResponses(warmup)} non-2xx/errors/timeouts`,
    );
  }
  const okRequests = (targets: readonly Load[]) =>
    targets.reduce((sum, t) => sum + t.runs.reduce((s, r) => s + r.result['2xx'] + r.warmup['2xx'], 0), 1);
  console.log(
    `rows written: payments ${rows.payments} (with ${rows.options} payment_options) for ${okRequests(loads.slice(1))} gateway 2xx; ` +
      `${BASELINE_TABLE} ${rows.baseline} for ${okRequests([baseline])} baseline 2xx ` +
      '(rows may exceed 2xx by the requests in flight when autocannon stopped)',
  );
  console.log(
    `gateway response (${gatewayTarget.sample.length} bytes) vs baseline (${baselineTarget.sample.length} bytes)`,
  );

  const ratios = gateway.runs.map(
    (run, i) => run.result.requests.mean / baseline.runs[i]!.result.requests.mean,
  );
  const ratio = median(ratios);
  const p99 = median(gateway.runs.map((run) => run.result.latency.p99));
  const ratioOk = ratio >= TARGET_RATIO;
  const p99Ok = p99 <= TARGET_P99_MS;
  const bad = measured.reduce((sum, m) => sum + badResponses(m.result) + badResponses(m.warmup), 0);
  const meanOf = (target: Load) => median(target.runs.map((run) => run.result.requests.mean));
  const over = ROUNDS > 1 ? `, median of ${ROUNDS} rounds` : '';
  console.log('');
  if (ROUNDS > 1) {
    console.log(`per-round gateway/baseline: ${ratios.map((r) => `${(r * 100).toFixed(1)}%`).join(', ')}`);
  }
  console.log(
    `throughput gateway/baseline (mean req/s${over}): ${num(meanOf(gateway))} / ${num(meanOf(baseline))} = ` +
      `${(ratio * 100).toFixed(1)}%  (target >= ${TARGET_RATIO * 100}%)  ${verdict(ratioOk)}`,
  );
  console.log(`gateway p99 latency${over}: ${ms(p99)}  (target <= ${TARGET_P99_MS} ms)  ${verdict(p99Ok)}`);
  for (const extra of loads.slice(2)) {
    const extraRatio = median(
      extra.runs.map((run, i) => run.result.requests.mean / baseline.runs[i]!.result.requests.mean),
    );
    console.log(
      `${extra.name} (not a target): ${num(meanOf(extra))} req/s = ${(extraRatio * 100).toFixed(1)}% of the baseline, ` +
        `p99 ${ms(median(extra.runs.map((run) => run.result.latency.p99)))}`,
    );
  }
  console.log(
    `non-2xx + errors + timeouts, every load incl. warm-up: ${bad}  ${bad === 0 ? 'OK' : 'INVALID RUN'}`,
  );
  console.log(
    `  (with ${CONNECTIONS} closed-loop connections, mean latency ≈ ${CONNECTIONS} / throughput: ` +
      `a p99 <= ${TARGET_P99_MS} ms needs well over ${Math.round((CONNECTIONS * 1000) / TARGET_P99_MS)} req/s)`,
  );
  console.log('');
  for (const target of [gatewayTarget, baselineTarget]) {
    const memory = memories.get(target)!;
    console.log(
      `${target.name} RSS after the run: ${mib(memory.rss)} (heap used ${mib(memory.heapUsed)}); after a full GC ` +
        `${mib(memory.rssAfterGc)} (heap used ${mib(memory.heapUsedAfterGc)}); before the load, after GC ` +
        `${mib(target.memoryBefore.rssAfterGc)} (heap used ${mib(target.memoryBefore.heapUsedAfterGc)})`,
    );
  }
  console.log('');
  console.log(
    measureStarts
      ? 'start-to-ready with the embedded PostgreSQL (`node --import tsx src/app/main.ts start`, DATABASE_URL unset, /readyz polled every 20 ms):'
      : 'start-to-ready: skipped (BENCH_START=0)',
  );
  if (measureStarts) {
    console.log(
      table([
        [
          '',
          'spawn -> ready',
          'startGateway -> listening',
          'embedded PostgreSQL',
          'process boot',
          'SIGTERM -> exit',
        ],
        ...starts.map(([label, t]) => [
          label,
          ms(t.spawnToReadyMs),
          ms(t.startGatewayMs),
          `${t.initialised ? 'initdb + start ' : 'start '}${ms(t.embeddedPgMs)}`,
          ms(t.startGatewayMs === undefined ? undefined : t.spawnToReadyMs - t.startGatewayMs),
          `${ms(t.stop.ms)}, ${t.exitSignal ? `signal ${t.exitSignal}` : `exit code ${t.exitCode}`}`,
        ]),
      ]),
    );
    console.log(
      '  (process boot = spawn -> ready minus startGateway -> listening: Node, tsx and module loading)',
    );
  }
  for (const [label, t] of starts) {
    if (!t.stop.exitedGracefully) console.log(`PROBLEM ${label}: still running 30 s after SIGTERM; killed`);
    else if (t.exitCode !== 0)
      console.log(
        `PROBLEM ${label}: exited with ${t.exitSignal ?? `code ${t.exitCode}`} after SIGTERM, not 0`,
      );
    for (const line of t.errors.slice(0, 8)) console.log(`    ${line}`);
    if (t.stop.leftovers > 0)
      console.log(
        `PROBLEM ${label}: ${t.stop.leftovers} process(es) of its group (PostgreSQL) still ran 10 s after it exited; killed`,
      );
  }
  if (pidFileLeft)
    console.log('PROBLEM the embedded PostgreSQL left postmaster.pid behind after the gateway stopped');
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  if (bad > 0) {
    const log = join(root, 'gateway-errors.log');
    console.log('');
    console.log(`gateway error log (${log}):`);
    const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
    console.log(
      text.split('\n').slice(0, 20).join('\n') || '(empty: the non-2xx were 4xx, logged below error level)',
    );
  }
  return ratioOk && p99Ok && bad === 0 ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error('[bench] failed:', error);
} finally {
  await cleanUp();
}
process.exit(exitCode);
