/**
 * Payments export at a million payments: `pnpm --filter @cairn/server bench:export`.
 *
 * 1. A fresh database; the compiled gateway's CLI migrates it and `dev:seed` makes a business with a
 *    test key. Fill: BENCH_PAYMENTS (default 1,000,000) test-mode payments of that business, plus a
 *    tenth as many live-mode ones (which the export must skip), with `insert ... select ... from
 *    generate_series`: one a second back in time, statuses mixed, two coins picked on two thirds,
 *    order ids, descriptions with commas, quotes and line breaks on some, emails on a quarter, a
 *    transfer on every 21st; then VACUUM (ANALYZE) and a CHECKPOINT.
 * 2. The gateway runs as production runs it (`node bin/cairn.js start`, a child process), so its
 *    resident set size is its own: read from `/proc/<pid>/status` (VmRSS every 20 ms while an export
 *    runs; its peak is the number reported, beside the RSS before the export).
 * 3. Measured, alternating, after BENCH_WARMUP rounds (default 1) not counted, BENCH_ROUNDS rounds
 *    (default 3):
 *    - TARGET: `GET /api/v1/payments/export?format=csv` over loopback, read to the end (bytes and
 *      lines counted, nothing kept): rows per second, time to the first byte, the gateway's peak RSS;
 *    - BASELINE: `COPY (<the export's own SELECT, the same columns, filter and order>) TO STDOUT WITH
 *      (FORMAT csv, HEADER)` through pg-copy-streams on one pg client: PostgreSQL writing the same rows
 *      as CSV itself, with no JavaScript per row.
 * 4. Medians of the rounds, the ratio of the medians (target: the export reaches at least 50 % of the
 *    baseline's rows per second), PASS/FAIL. Every run must carry exactly BENCH_PAYMENTS rows.
 *
 * Database: a fresh `cairn_bench_<random>` database on DATABASE_URL when set, else on an embedded
 * PostgreSQL in a temp folder; dropped at the end, also on error. Exit code 1 when the target is
 * missed or a check fails.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { paymentExportQuery } from '../src/domain/payments/paymentExportQuery.js';
import { runCli } from '../test/harness/compiledCli.js';
import { benchCleanups } from './benchCleanups.js';
import { createBenchDatabase } from './createBenchDatabase.js';
import { startCompiledGateway } from './startCompiledGateway.js';
import { freePort, sleep } from './support.js';

const PAYMENTS = Math.round(Number(process.env.BENCH_PAYMENTS ?? 1_000_000));
const ROUNDS = Math.round(Number(process.env.BENCH_ROUNDS ?? 3));
const WARMUP = Math.round(Number(process.env.BENCH_WARMUP ?? 1));
const TARGET_RATIO = 0.5;
if (!(PAYMENTS > 0 && ROUNDS > 0 && WARMUP >= 0))
  throw new Error('BENCH_PAYMENTS, BENCH_ROUNDS > 0, BENCH_WARMUP >= 0');

const { onCleanup, cleanUp } = benchCleanups();
const say = (message: string) => console.log(`[bench] ${message}`);

/** `$1` business, `$2` key, `$3` mode, `$4` rows, `$5` newest creation time, `$6` order id prefix. */
const FILL = `
insert into payments (id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency,
  underpayment_tolerance_bps, overpayment_threshold_bps, expires_at, late_grace_ends_at,
  selected_chain_id, selected_coin_symbol, locked_amount, order_id, description, customer_email,
  confirmed_at, created_at, updated_at)
select gen_random_uuid(), $1::uuid, $2::uuid, $3, s.status, round((i % 49999 + 1)::numeric / 100, 2),
       case when i % 3 = 0 then 'USD' else 'EUR' end, 50, 100, t.created + interval '30 minutes',
       t.created + interval '90 minutes',
       case i % 3 when 0 then 'BTC_TESTNET' when 1 then 'LTC_TESTNET' end,
       case i % 3 when 0 then 'BTC' when 1 then 'LTC' end,
       case when i % 3 < 2 then 10000 + i * 37 end,
       $6 || i,
       case i % 10 when 0 then 'Order ' || i || ', 2 items' when 1 then 'Gift "wrapped"' || chr(10) || 'note'
                   when 2 then '=SUM(A1:A9)' end,
       case when i % 4 = 0 then 'buyer' || (i % 50000) || '@example.com' end,
       case when s.status = 'confirmed' then t.created + interval '12 minutes' end,
       t.created, t.created + interval '1 minute'
  from generate_series(1, $4::int) as i
  cross join lateral (select date_trunc('milliseconds', $5::timestamptz - i * interval '1 second'
                                        - (i % 1000) * interval '1 millisecond') as created) t
  cross join lateral (select (array['confirmed', 'expired', 'cancelled', 'awaiting_payment', 'refunded',
                                    'confirmed', 'expired_underpaid'])[1 + i % 7] as status) s`;

const TRANSFERS = `
insert into transfers (id, payment_id, chain_id, coin_symbol, tx_id, amount, confirmations, detected_at, updated_at)
select gen_random_uuid(), p.id, p.selected_chain_id, p.selected_coin_symbol, md5(p.id::text), p.locked_amount, 3,
       p.created_at + interval '5 minutes', p.created_at + interval '5 minutes'
  from payments p
 where p.business_id = $1::uuid and p.selected_chain_id is not null and p.status = 'confirmed'
   and substr(p.id::text, 1, 2) < '0c'`;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const rate = (rows: number, ms: number) => (rows / ms) * 1000;
const k = (perSecond: number) => `${(perSecond / 1000).toFixed(0)}k rows/s`;

/** Counts the bytes and line ends of a stream, keeping nothing. */
function counter(onChunk?: () => void) {
  const totals = { bytes: 0, lines: 0 };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      totals.bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) totals.lines++;
      onChunk?.();
      done();
    },
  });
  return { totals, sink };
}

interface Run {
  readonly ms: number;
  readonly rows: number;
  readonly bytes: number;
  readonly firstByteMs?: number;
  readonly rssBefore?: number;
  readonly rssPeak?: number;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'cairn-bench-export-'));
  onCleanup('temp dir', () => {
    rmSync(root, { recursive: true, force: true });
    return undefined;
  });
  const database = await createBenchDatabase(root, 'cairn_bench', onCleanup);
  const port = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    CAIRN_DATA_DIR: join(root, 'data'),
    HOST: '127.0.0.1',
    PORT: String(port),
    CAIRN_MASTER_KEY: randomBytes(32).toString('hex'),
    CAIRN_LOG_LEVEL: 'warn',
    // No chain node here: the default test chains are marked as watched by another process.
    CAIRN_ENABLED_CHAINS: 'BTC_TESTNET,LTC_TESTNET',
    CAIRN_CHAIN_BTC_TESTNET_WATCHED_ELSEWHERE: 'true',
    CAIRN_CHAIN_LTC_TESTNET_WATCHED_ELSEWHERE: 'true',
  };
  const cli = async (args: string[]) => {
    const result = await runCli(args, { env, timeoutMs: 180_000 });
    if (result.code !== 0) throw new Error(`cairn ${args[0]} exited with ${result.code}:\n${result.stderr}`);
    return result.stdout;
  };
  await cli(['migrate']);
  const seed = JSON.parse(await cli(['dev:seed', '--json'])) as {
    business_id: string;
    api_key: string;
    api_key_id: string;
  };
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  onCleanup('bench connection', () => db.end());

  const fillStarted = performance.now();
  const newest = new Date(Date.now() - 60_000);
  await db.query(FILL, [seed.business_id, seed.api_key_id, 'test', PAYMENTS, newest, 'ord_']);
  await db.query(FILL, [
    seed.business_id,
    seed.api_key_id,
    'live',
    Math.ceil(PAYMENTS / 10),
    newest,
    'live_',
  ]);
  await db.query(TRANSFERS, [seed.business_id]);
  await db.query('vacuum (analyze) payments');
  await db.query('vacuum (analyze) transfers');
  await db.query('checkpoint');
  const transfers = (await db.query<{ n: string }>('select count(*)::text as n from transfers')).rows[0]!.n;
  say(
    `filled ${PAYMENTS} test + ${Math.ceil(PAYMENTS / 10)} live payments, ${transfers} transfers in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s (${database.kind})`,
  );

  const logFile = join(root, 'gateway.log');
  const gateway = await startCompiledGateway({ env, logFile });
  onCleanup('gateway', () => gateway.stop());
  say(`gateway pid ${gateway.pid} at ${gateway.url}`);

  // The export's own statement, its parameters written as literals (COPY takes none).
  const { text, values } = paymentExportQuery({ businessId: seed.business_id, mode: 'test' });
  const literal = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`;
  const copySql = `copy (${text.replace(/\$(\d+)/g, (_, n: string) => literal(values[Number(n) - 1]))}) to stdout with (format csv, header)`;

  const exportOnce = async (): Promise<Run> => {
    const started = performance.now();
    const rssBefore = gateway.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, gateway.rss());
    }, 20);
    let firstByteMs: number | undefined;
    try {
      const response = await fetch(`${gateway.url}/api/v1/payments/export?format=csv`, {
        headers: { authorization: `Bearer ${seed.api_key}` },
      });
      if (response.status !== 200)
        throw new Error(`export answered ${response.status}: ${await response.text()}`);
      const { totals, sink } = counter(() => {
        firstByteMs ??= performance.now() - started;
      });
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), sink);
      rssPeak = Math.max(rssPeak, gateway.rss());
      return {
        ms: performance.now() - started,
        rows: totals.lines - 1,
        bytes: totals.bytes,
        firstByteMs,
        rssBefore,
        rssPeak,
      };
    } finally {
      clearInterval(sampler);
    }
  };

  const copyOnce = async (): Promise<Run> => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const started = performance.now();
      const { totals, sink } = counter();
      await pipeline(client.query(copyTo(copySql)), sink);
      return { ms: performance.now() - started, rows: totals.lines - 1, bytes: totals.bytes };
    } finally {
      await client.end();
    }
  };

  console.log(
    `export of ${PAYMENTS} payments as CSV: node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (a shared machine: other work may run beside this)`,
  );
  const exports: Run[] = [];
  const copies: Run[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const warm = round < WARMUP;
    // Alternate which goes first.
    const order = round % 2 === 0 ? (['export', 'copy'] as const) : (['copy', 'export'] as const);
    for (const which of order) {
      const run = which === 'export' ? await exportOnce() : await copyOnce();
      if (!warm) (which === 'export' ? exports : copies).push(run);
      const extra =
        which === 'export'
          ? `, first byte ${run.firstByteMs?.toFixed(0)} ms, gateway RSS ${mib(run.rssBefore!)} before, peak ${mib(run.rssPeak!)}`
          : '';
      say(
        `${warm ? 'warm-up' : `round ${round - WARMUP + 1}`} ${which}: ${(run.ms / 1000).toFixed(2)} s, ${k(rate(PAYMENTS, run.ms))}, ${mib(run.bytes)}${extra}`,
      );
      await sleep(200);
    }
  }
  // Lines counted: a line break sits inside every tenth payment's quoted description (i % 10 = 1).
  const expectedLines = PAYMENTS + Math.floor((PAYMENTS + 9) / 10);
  const checks = [...exports, ...copies].every((run) => run.rows === expectedLines);
  const exportRate = median(exports.map((run) => rate(PAYMENTS, run.ms)));
  const copyRate = median(copies.map((run) => rate(PAYMENTS, run.ms)));
  const ratio = exportRate / copyRate;
  const ok = checks && ratio >= TARGET_RATIO;
  console.log(`
medians of ${ROUNDS} (after ${WARMUP} warm-up):
  TARGET   GET /api/v1/payments/export?format=csv  ${k(exportRate)}  (${(median(exports.map((r) => r.ms)) / 1000).toFixed(2)} s, first byte ${median(exports.map((r) => r.firstByteMs ?? 0)).toFixed(0)} ms)
           gateway RSS: before ${mib(median(exports.map((r) => r.rssBefore!)))}, peak during ${mib(median(exports.map((r) => r.rssPeak!)))} (max of rounds ${mib(Math.max(...exports.map((r) => r.rssPeak!)))})
  BASELINE COPY (same SELECT) TO STDOUT CSV        ${k(copyRate)}  (${(median(copies.map((r) => r.ms)) / 1000).toFixed(2)} s)
  ratio export/COPY: ${(ratio * 100).toFixed(0)} % (target >= ${TARGET_RATIO * 100} %)  ${ok ? 'PASS' : 'FAIL'}${checks ? '' : ' (a run did not carry every row)'}
  sizes: export ${mib(exports[0]!.bytes)}, COPY ${mib(copies[0]!.bytes)} (COPY writes crypto amounts in smallest units and no formula prefix)`);
  const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${gateway.pid}/status`, 'utf8'))?.[1];
  if (hwm)
    console.log(
      `  gateway VmHWM (peak RSS since its start, fill excluded: the fill ran before it started): ${mib(Number(hwm) * 1024)}`,
    );
  process.exitCode = ok ? 0 : 1;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
