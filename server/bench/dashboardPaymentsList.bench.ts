/**
 * Dashboard payments list at a million payments: `pnpm --filter @cairn/server bench:dashboard-list`.
 *
 * 1. A fresh database; the gateway (in this process, no job workers or chain watchers, listening on
 *    loopback, logging at info into memory) migrates it with the server's migrations (`migrate`) and
 *    `seedDevBusiness` creates two logins, each with a business, test-mode wallets and a test key.
 * 2. Fill: BENCH_PAYMENTS (default 1,000,000) test-mode payments in business A and a tenth as many in
 *    business B (the indexes are shared, as in production), inserted with `insert ... select ... from
 *    generate_series` in time order, the two businesses interleaved, every index in place (so the
 *    indexes grow as they would in production): created_at spread over a year, a mix of statuses
 *    (`underpaid` rare, ~0.2%; open statuses only in the last hour), order_ids, customer emails on
 *    ~35%, chain selection, deposit addresses, confirmations. Then VACUUM (ANALYZE) and a CHECKPOINT,
 *    so neither autovacuum nor a checkpoint lands in the measurement. The fill time is printed.
 * 3. A dashboard session for business A in test mode (`createSession`, sent as the `cairn_session`
 *    cookie).
 * 4. Measured, interleaved: every round takes one sample of every measurement below, in an order
 *    rotated per round, after BENCH_WARMUP rounds (default 3) not counted; BENCH_SAMPLES rounds
 *    (default 30). For each page:
 *    - HTTP: `GET /dashboard/payments[?...]` over loopback (one keep-alive connection), timed around
 *      the request until the body is read (the TARGET), and the gateway's own `responseTime` of the
 *      same request (Fastify's "request completed" log line, matched by request id): both reported;
 *    - service: `searchPayments` called directly on the gateway's ORM;
 *    - BASELINE: a bare SELECT of the same 26 rows (the page and the one that tells whether there is
 *      a next), same columns, on the index, cursor values given as literals, through one pg client.
 *    Pages: the first page and the page after row 900,000 (of 1,000,000; `after=` that row's id) are
 *    the targets; the first page filtered by one rare status (`underpaid`), by two (`underpaid` and
 *    `refund_requested`), and a customer email search are reported only.
 * 5. Medians, p95, the median over rounds of the per-round ratio to the baseline, PASS/FAIL per target
 *    (median HTTP time <= 50 ms), and EXPLAIN (ANALYZE, BUFFERS) of the deep page as `searchPayments`
 *    runs it (and of any page whose service median is over 50 ms). Each page's rows are checked
 *    against the baseline's before measuring (HTTP: status 200 and every id on the page).
 *
 * Database: a fresh `cairn_bench_<random>` database on DATABASE_URL when set, else on an embedded
 * PostgreSQL in a temp folder; dropped at the end, also on error. Exit code 1 when a target is missed
 * or a check fails.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import pino from 'pino';
import { Pool } from 'undici';
import { type RunningGateway, startGateway } from '../src/app/startGateway.js';
import { seedDevBusiness } from '../src/chains/devChain/seedDevBusiness.js';
import { createSession } from '../src/domain/accounts/dashboardSessions.js';
import { type PaymentSearch, searchPayments } from '../src/domain/payments/searchPayments.js';
import { loadConfig } from '../src/platform/config/loadConfig.js';
import { benchCleanups } from './benchCleanups.js';
import { createBenchDatabase } from './createBenchDatabase.js';

const PAYMENTS = Math.round(positiveFromEnv('BENCH_PAYMENTS', 1_000_000));
const OTHER_PAYMENTS = Math.round(PAYMENTS / 10);
const SAMPLES = Math.round(positiveFromEnv('BENCH_SAMPLES', 30));
const WARMUP = Math.round(nonNegativeFromEnv('BENCH_WARMUP', 3));
/** The deep page starts after this row (1-based) in (created_at desc, id desc) order. */
const DEEP_ROW = Math.max(1, Math.round(PAYMENTS * 0.9));
const TARGET_MS = 50;
const PAGE_SIZE = 25;
/** Insert chunks: business A's rows per statement (B's: a tenth), for progress and interleaving. */
const CHUNKS = 10;
const YEAR_S = 365 * 86_400;

function positiveFromEnv(name: string, fallback: number): number {
  const value = nonNegativeFromEnv(name, fallback);
  if (value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

function nonNegativeFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
}

// ---------------------------------------------------------------------------------------------------
// Cleanup: everything started registers how to undo it; undone in reverse order, even on failure.

const { onCleanup, cleanUp, cleaningStarted } = benchCleanups();

const say = (message: string) => console.log(`[bench] ${message}`);

// ---------------------------------------------------------------------------------------------------
// Fill.

/**
 * Business `$1` (key `$2`), rows `$3`..`$4` of `$5`, the newest created at `$6` and the oldest a year
 * (`$7` seconds) before; wallets `$8` (BTC_TESTNET) and `$9` (LTC_TESTNET); order ids prefixed `$10`.
 * Row i is created at i/n of the year plus up to 20 s of jitter, so inserts come in time order.
 */
const FILL = `
insert into payments (
  id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency, order_id, description,
  customer_email, success_url, cancel_url, restrict_to_accepted, underpayment_tolerance_bps,
  overpayment_threshold_bps, fee_usd, expires_at, late_grace_ends_at, selected_chain_id,
  selected_coin_symbol, selected_at, wallet_id, derivation_index, deposit_address, deposit_memo,
  payment_uri, locked_amount, required_confirmations, revived, overpaid, fee_charged, cancelled_by,
  failure_reason, confirmed_at, confirmed_amount, received_at_expiry, derivation_index_recycled,
  refund_address, refund_requested_at, created_at, updated_at)
select gen_random_uuid(), $1::uuid, $2::uuid, 'test', s.status, g.amount, g.currency,
       case when g.r_order < 0.9 then $10::text || g.i end,
       case when g.r_order < 0.3 then 'Order ' || g.i || ', ' || (1 + floor(g.r_misc * 4))::int || ' items' end,
       case when g.r_email < 0.03 then 'Customer' || floor(g.r_email_id * 50000)::int || '@Example.com'
            when g.r_email < 0.35 then 'customer' || floor(g.r_email_id * 50000)::int || '@example.com'
            when g.r_email < 0.352 then 'frequent.buyer@example.com' end,
       case when g.r_order < 0.5 then 'https://shop.example.com/thanks' end,
       case when g.r_order < 0.5 then 'https://shop.example.com/cart' end,
       false, 50, 100,
       case when x.charged then round(g.amount * 0.004, 4) else 0 end,
       g.created_at + interval '30 minutes', g.created_at + interval '90 minutes',
       case when x.selected then x.chain end,
       case when x.selected then x.coin end,
       case when x.selected then g.created_at + interval '1 minute' end,
       case when x.selected then x.wallet end,
       case when x.selected then g.i end,
       case when x.selected then x.address end,
       '',
       case when x.selected then x.scheme || ':' || x.address || '?amount=' || (x.locked / 1e8)::numeric(20, 8) else '' end,
       case when x.selected then x.locked end,
       case when x.selected then 1 end,
       s.status = 'confirmed' and g.r_misc > 0.997,
       s.status = 'confirmed' and g.r_misc < 0.01,
       x.charged,
       case when s.status = 'cancelled' then case when g.r_misc < 0.5 then 'customer' else 'merchant' end end,
       case when s.status = 'failed' then 'The payment could not be completed.' end,
       case when x.charged then g.created_at + interval '12 minutes' end,
       case when x.charged then x.locked end,
       case when s.status = 'expired_underpaid' then floor(x.locked * 0.6) end,
       false,
       case when s.status in ('refund_requested', 'refunded') then x.address end,
       case when s.status in ('refund_requested', 'refunded') then g.created_at + interval '2 days' end,
       g.created_at,
       case when s.status in ('awaiting_payment', 'pending', 'payment_detected', 'confirming') then g.created_at
            when x.charged then g.created_at + interval '12 minutes'
            else g.created_at + interval '30 minutes' end
  from (
    select i, t.created_at, t.r_status, t.r_order, t.r_email, t.r_email_id, t.r_chain, t.r_misc,
           round((5 + t.r_amount * 495)::numeric, 2) as amount,
           case when t.r_currency < 0.6 then 'EUR' when t.r_currency < 0.9 then 'USD' else 'GBP' end as currency
      from generate_series($3::int, $4::int) as i
      cross join lateral (
        select date_trunc('milliseconds',
                 $6::timestamptz - (($5::int - i) * ($7::float8 / $5::int) + random() * 20) * interval '1 second')
                 as created_at,
               random() as r_status, random() as r_amount, random() as r_currency, random() as r_order,
               random() as r_email, random() as r_email_id, random() as r_chain, random() as r_misc
      ) t
  ) g
  cross join lateral (
    select case
             when g.created_at > $6::timestamptz - interval '1 hour' and g.r_status < 0.30 then 'awaiting_payment'
             when g.created_at > $6::timestamptz - interval '1 hour' and g.r_status < 0.35 then 'pending'
             when g.created_at > $6::timestamptz - interval '1 hour' and g.r_status < 0.38 then 'payment_detected'
             when g.created_at > $6::timestamptz - interval '1 hour' and g.r_status < 0.42 then 'confirming'
             when g.r_status < 0.60 then 'confirmed'
             when g.r_status < 0.85 then 'expired'
             when g.r_status < 0.91 then 'cancelled'
             when g.r_status < 0.94 then 'expired_underpaid'
             when g.r_status < 0.965 then 'refunded'
             when g.r_status < 0.98 then 'failed'
             when g.r_status < 0.985 then 'refund_requested'
             when g.r_status < 0.987 then 'underpaid'
             when g.r_status < 0.988 then 'expired_reorged'
             else 'confirmed'
           end as status
  ) s
  cross join lateral (
    select case s.status when 'pending' then false
                         when 'cancelled' then g.r_chain < 0.3
                         when 'expired' then g.r_chain < 0.5
                         else true end as selected,
           s.status in ('confirmed', 'refund_requested', 'refunded') as charged,
           case when g.r_misc < 0.65 then 'BTC_TESTNET' else 'LTC_TESTNET' end as chain,
           case when g.r_misc < 0.65 then 'BTC' else 'LTC' end as coin,
           case when g.r_misc < 0.65 then $8::uuid else $9::uuid end as wallet,
           case when g.r_misc < 0.65 then 'bitcoin' else 'litecoin' end as scheme,
           case when g.r_misc < 0.65 then 'tb1q' else 'tltc1q' end
             || substr(md5($1::text || g.i), 1, 32) as address,
           floor(g.amount * 1700 + g.r_chain * 1000)::numeric(78, 0) as locked
  ) x`;

interface SeededBusiness {
  readonly userId: string;
  readonly businessId: string;
  readonly apiKeyId: string;
  readonly btcWallet: string;
  readonly ltcWallet: string;
}

async function seedBusiness(running: RunningGateway, db: pg.Client): Promise<SeededBusiness> {
  const seeded = await seedDevBusiness(running.gateway);
  const wallets = await db.query<{ chain_id: string; id: string }>(
    `select chain_id, id from wallets where business_id = $1 and mode = 'test'`,
    [seeded.business_id],
  );
  const wallet = (chain: string) => {
    const found = wallets.rows.find((w) => w.chain_id === chain)?.id;
    if (!found) throw new Error(`seedDevBusiness made no ${chain} wallet`);
    return found;
  };
  return {
    userId: seeded.user_id,
    businessId: seeded.business_id,
    apiKeyId: seeded.api_key_id,
    btcWallet: wallet('BTC_TESTNET'),
    ltcWallet: wallet('LTC_TESTNET'),
  };
}

async function fill(db: pg.Client, a: SeededBusiness, b: SeededBusiness): Promise<number> {
  await db.query('select setseed(0.4242)');
  const newest = new Date(Date.now() - 60_000);
  const started = performance.now();
  const insert = (business: SeededBusiness, from: number, to: number, total: number, prefix: string) =>
    db.query(FILL, [
      business.businessId,
      business.apiKeyId,
      from,
      to,
      total,
      newest,
      YEAR_S,
      business.btcWallet,
      business.ltcWallet,
      prefix,
    ]);
  for (let chunk = 0; chunk < CHUNKS; chunk++) {
    const chunkStarted = performance.now();
    const aFrom = Math.floor((PAYMENTS * chunk) / CHUNKS) + 1;
    const aTo = Math.floor((PAYMENTS * (chunk + 1)) / CHUNKS);
    const bFrom = Math.floor((OTHER_PAYMENTS * chunk) / CHUNKS) + 1;
    const bTo = Math.floor((OTHER_PAYMENTS * (chunk + 1)) / CHUNKS);
    await insert(a, aFrom, aTo, PAYMENTS, 'ord_');
    if (bTo >= bFrom) await insert(b, bFrom, bTo, OTHER_PAYMENTS, 'B-');
    say(
      `fill ${chunk + 1}/${CHUNKS}: A rows ${aFrom}..${aTo}, B rows ${bFrom}..${bTo} in ${seconds(performance.now() - chunkStarted)}`,
    );
  }
  return performance.now() - started;
}

// ---------------------------------------------------------------------------------------------------
// Statistics and report.

/** The median of `values` (the mean of the middle two for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile (p95 of 30 samples: the second largest). */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const seconds = (valueMs: number) => `${(valueMs / 1000).toFixed(1)} s`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

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

// ---------------------------------------------------------------------------------------------------
// The pages and how each is fetched.

/** One page of the list, fetched three ways. */
interface PageCase {
  readonly name: string;
  readonly target: boolean;
  /** Path and query of the dashboard page. */
  readonly path: string;
  readonly search: PaymentSearch;
  /** The bare SELECT of the same rows. */
  readonly baselineSql: string;
  readonly baselineParams: readonly unknown[];
}

const LIST_COLUMNS = `id, status, fiat_amount::text as fiat_amount, fiat_currency, order_id, customer_email,
  selected_chain_id, selected_coin_symbol, overpaid, revived, created_at`;

function baselineSql(extraWhere: string): string {
  return `select ${LIST_COLUMNS} from payments
   where business_id = $1 and mode = 'test'${extraWhere}
   order by created_at desc, id desc limit ${PAGE_SIZE + 1}`;
}

/** Every sample of one way of fetching one page. */
interface Series {
  readonly page: PageCase;
  readonly way: 'HTTP' | 'service' | 'baseline';
  readonly ms: number[];
  /** HTTP only: the gateway's own responseTime of the same requests. */
  readonly serverMs: number[];
}

/** Fastify's "request completed" lines, by request id: the gateway's own response time. */
class ResponseTimes {
  readonly #byId = new Map<string, number>();

  readonly sink = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.includes('"request completed"')) continue;
        try {
          const entry = JSON.parse(line) as { reqId?: string; responseTime?: number };
          if (entry.reqId && typeof entry.responseTime === 'number')
            this.#byId.set(entry.reqId, entry.responseTime);
        } catch {
          // not a JSON line
        }
      }
      done();
    },
  });

  /** The response time logged for `id` (waits a few turns of the event loop for the line). */
  async take(id: string): Promise<number> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const value = this.#byId.get(id);
      if (value !== undefined) {
        this.#byId.delete(id);
        return value;
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    throw new Error(`no "request completed" log line for request ${id}`);
  }
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'cairn-bench-'));
  onCleanup(`temp dir ${root}`, async () => rmSync(root, { recursive: true, force: true }));
  process.on('exit', () => rmSync(root, { recursive: true, force: true }));
  // Under root the embedded PostgreSQL runs as `postgres`, which must traverse to its data folder.
  chmodSync(root, 0o755);

  const cpu = cpus();
  console.log('Cairn dashboard payments list benchmark');
  console.log(
    `  node ${process.version}, ${cpu.length}× ${cpu[0]?.model.trim() ?? 'cpu'}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `  ${PAYMENTS.toLocaleString('en')} payments in business A (test mode), ${OTHER_PAYMENTS.toLocaleString('en')} in business B; ` +
      `${SAMPLES} interleaved rounds after ${WARMUP} warm-up rounds; gateway in this process, one keep-alive connection`,
  );

  // 1. Database and gateway (which migrates it).
  const database = await createBenchDatabase(root, 'cairn_bench', onCleanup);
  say(`database: ${database.kind}`);
  const responseTimes = new ResponseTimes();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    CAIRN_LOG_LEVEL: 'info',
    CAIRN_RATE_LIMIT_PER_MINUTE: '1000000000',
    CAIRN_CHAIN_BTC_TESTNET_WATCHED_ELSEWHERE: 'true',
    CAIRN_CHAIN_LTC_TESTNET_WATCHED_ELSEWHERE: 'true',
  });
  const gatewayStarted = performance.now();
  const running = await startGateway({
    config,
    log: pino({ level: 'info' }, responseTimes.sink),
    workers: false,
    watchers: false,
  });
  onCleanup('gateway', () => running.stop());
  const { gateway } = running;
  say(
    `gateway listening on ${running.address} (migrated in startGateway, ${seconds(performance.now() - gatewayStarted)})`,
  );

  const db = new pg.Client({ connectionString: database.url, application_name: 'cairn bench' });
  await db.connect();
  onCleanup('bench pg client', () => db.end());

  const settings = await db.query<{ name: string; setting: string; unit: string | null }>(
    `select name, setting, unit from pg_settings
      where name in ('server_version', 'shared_buffers', 'work_mem', 'random_page_cost', 'effective_cache_size', 'jit')
      order by name`,
  );
  say(`postgres: ${settings.rows.map((r) => `${r.name}=${r.setting}${r.unit ?? ''}`).join(', ')}`);

  // 2. Two businesses (services), then the fill.
  const a = await seedBusiness(running, db);
  const b = await seedBusiness(running, db);
  say(`business A ${a.businessId}, business B ${b.businessId}`);
  const fillMs = await fill(db, a, b);
  const vacuumStarted = performance.now();
  await db.query('vacuum (analyze) payments');
  const vacuumMs = performance.now() - vacuumStarted;
  let checkpoint = 'checkpoint done';
  try {
    await db.query('checkpoint');
  } catch (error) {
    checkpoint = `checkpoint skipped (${(error as Error).message})`;
  }
  const counts = await db.query<{ business_id: string; status: string; n: string }>(
    `select business_id, status, count(*) as n from payments group by business_id, status order by 1, 3 desc`,
  );
  const countOf = (businessId: string) =>
    counts.rows.filter((r) => r.business_id === businessId).reduce((sum, r) => sum + Number(r.n), 0);
  const sizes = await db.query<{ name: string; bytes: string }>(
    `select c.relname as name, pg_relation_size(c.oid) as bytes
       from pg_class c
      where c.oid = 'payments'::regclass
         or c.oid in (select indexrelid from pg_index where indrelid = 'payments'::regclass)
      order by pg_relation_size(c.oid) desc`,
  );

  // 3. The session: business A (the login's first and only business), test mode.
  const { token } = await createSession(gateway.orm.em.fork(), gateway.clock, {
    userId: a.userId,
    lifetime: {
      absoluteMs: config.CAIRN_DASHBOARD_SESSION_HOURS * 3_600_000,
      idleMs: config.CAIRN_DASHBOARD_IDLE_HOURS * 3_600_000,
    },
  });
  const http = new Pool(running.address!, { connections: 1 });
  onCleanup('HTTP client', () => http.close());

  // The cursor of the deep page, and the data the reported pages look for.
  // created_at as text: a Date would drop microseconds (were there any) and shift the cursor.
  const deep = await db.query<{ id: string; created_at: string }>(
    `select id, created_at::text as created_at from payments where business_id = $1 and mode = 'test'
      order by created_at desc, id desc offset $2 limit 1`,
    [a.businessId, DEEP_ROW - 1],
  );
  const cursor = deep.rows[0];
  if (!cursor) throw new Error(`business A has fewer than ${DEEP_ROW} payments`);
  // The customer of the newest payment whose email was typed capitalised: searched as typed, it finds
  // that customer's payments in either spelling (the search is case-insensitive).
  const emailRow = await db.query<{ email: string; n: string }>(
    `select c.customer_email as email,
            (select count(*) from payments p where p.business_id = $1 and p.mode = 'test'
                and lower(p.customer_email) = lower(c.customer_email)) as n
       from payments c
      where c.business_id = $1 and c.mode = 'test' and c.customer_email like 'Customer%'
      order by c.created_at desc, c.id desc limit 1`,
    [a.businessId],
  );
  const email = emailRow.rows[0]?.email;
  if (!email) throw new Error('business A has no capitalised customer email');
  const emailCount = Number(emailRow.rows[0]!.n);
  const statusCount = (status: string) =>
    Number(counts.rows.find((r) => r.business_id === a.businessId && r.status === status)?.n ?? 0);

  const deepParams = [a.businessId, cursor.created_at, cursor.id];
  const pages: PageCase[] = [
    {
      name: 'first page',
      target: true,
      path: '/dashboard/payments',
      search: { businessId: a.businessId, mode: 'test' },
      baselineSql: baselineSql(''),
      baselineParams: [a.businessId],
    },
    {
      name: `page after row ${DEEP_ROW.toLocaleString('en')}`,
      target: true,
      path: `/dashboard/payments?after=${cursor.id}`,
      search: { businessId: a.businessId, mode: 'test', after: cursor.id },
      baselineSql: baselineSql(' and (created_at, id) < ($2::timestamptz, $3::uuid)'),
      baselineParams: deepParams,
    },
    {
      name: `status=underpaid (${statusCount('underpaid')} rows)`,
      target: false,
      path: '/dashboard/payments?status=underpaid',
      search: { businessId: a.businessId, mode: 'test', statuses: ['underpaid'] },
      baselineSql: baselineSql(` and status = 'underpaid'`),
      baselineParams: [a.businessId],
    },
    {
      name: `status=underpaid&status=refund_requested (${statusCount('underpaid') + statusCount('refund_requested')} rows)`,
      target: false,
      path: '/dashboard/payments?status=underpaid&status=refund_requested',
      search: { businessId: a.businessId, mode: 'test', statuses: ['underpaid', 'refund_requested'] },
      baselineSql: baselineSql(` and status in ('underpaid', 'refund_requested')`),
      baselineParams: [a.businessId],
    },
    {
      name: `email search, ${email} (${emailCount} rows)`,
      target: false,
      path: `/dashboard/payments?q=${encodeURIComponent(email)}`,
      search: { businessId: a.businessId, mode: 'test', query: email },
      baselineSql: baselineSql(' and lower(customer_email) = lower($2)'),
      baselineParams: [a.businessId, email],
    },
  ];

  console.log('');
  console.log(
    `fill: ${PAYMENTS.toLocaleString('en')} + ${OTHER_PAYMENTS.toLocaleString('en')} payments in ${seconds(fillMs)} ` +
      `(${Math.round((PAYMENTS + OTHER_PAYMENTS) / (fillMs / 1000)).toLocaleString('en')} rows/s, every index in place); ` +
      `VACUUM (ANALYZE) ${seconds(vacuumMs)}; ${checkpoint}`,
  );
  console.log(
    `rows: business A ${countOf(a.businessId).toLocaleString('en')}, business B ${countOf(b.businessId).toLocaleString('en')}; ` +
      `A by status: ${counts.rows
        .filter((r) => r.business_id === a.businessId)
        .map((r) => `${r.status} ${Number(r.n).toLocaleString('en')}`)
        .join(', ')}`,
  );
  console.log(`sizes: ${sizes.rows.map((r) => `${r.name} ${mib(Number(r.bytes))}`).join(', ')}`);
  console.log(
    `deep cursor: row ${DEEP_ROW.toLocaleString('en')} = ${cursor.id} (created ${cursor.created_at})`,
  );
  console.log('');

  // How each way fetches a page; each returns the elapsed ms (and HTTP the gateway's own time).
  const cookie = `cairn_session=${token}`;
  const viaHttp = async (page: PageCase): Promise<{ ms: number; serverMs: number; body: string }> => {
    const started = performance.now();
    const response = await http.request({ path: page.path, method: 'GET', headers: { cookie } });
    const body = await response.body.text();
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) {
      throw new Error(
        `GET ${page.path} answered ${response.statusCode}${response.headers.location ? ` (location ${String(response.headers.location)})` : ''}: ${body.slice(0, 300)}`,
      );
    }
    const requestId = response.headers['x-request-id'];
    if (typeof requestId !== 'string') throw new Error(`GET ${page.path}: no x-request-id`);
    return { ms: elapsed, serverMs: await responseTimes.take(requestId), body };
  };
  const viaService = async (page: PageCase) => {
    const started = performance.now();
    const result = await searchPayments(gateway.orm.em.fork(), page.search);
    return { ms: performance.now() - started, result };
  };
  const viaBaseline = async (page: PageCase) => {
    const started = performance.now();
    const result = await db.query<{ id: string }>(page.baselineSql, [...page.baselineParams]);
    return { ms: performance.now() - started, rows: result.rows };
  };

  // 4a. Checks: the three ways return the same rows, and the dashboard page shows them.
  for (const page of pages) {
    const expected = (await viaBaseline(page)).rows.map((r) => r.id);
    const { result } = await viaService(page);
    const got = result.rows.map((r) => r.id);
    const expectedNext = expected.length > PAGE_SIZE ? expected[PAGE_SIZE - 1]! : null;
    if (got.join() !== expected.slice(0, PAGE_SIZE).join() || result.next !== expectedNext) {
      throw new Error(
        `${page.name}: searchPayments returned ${got.length} rows (next ${result.next}), not the baseline's ${Math.min(expected.length, PAGE_SIZE)} (next ${expectedNext})`,
      );
    }
    if (page.target && got.length !== PAGE_SIZE) throw new Error(`${page.name}: only ${got.length} rows`);
    const { body } = await viaHttp(page);
    const missing = got.filter((id) => !body.includes(id));
    if (missing.length > 0)
      throw new Error(`${page.name}: GET ${page.path} (200) does not show ${missing.length} of its rows`);
  }
  say(
    'checks: for every page, searchPayments returns the baseline’s rows and GET /dashboard/payments (200) shows them',
  );

  // 4b. Rounds.
  const series: Series[] = pages.flatMap((page) =>
    (['HTTP', 'service', 'baseline'] as const).map((way) => ({ page, way, ms: [], serverMs: [] })),
  );
  const measureOnce = async (s: Series, keep: boolean) => {
    if (s.way === 'HTTP') {
      const sample = await viaHttp(s.page);
      if (keep) {
        s.ms.push(sample.ms);
        s.serverMs.push(sample.serverMs);
      }
    } else {
      const sample = s.way === 'service' ? await viaService(s.page) : await viaBaseline(s.page);
      if (keep) s.ms.push(sample.ms);
    }
  };
  const measureStarted = performance.now();
  for (let round = 0; round < WARMUP + SAMPLES; round++) {
    for (let k = 0; k < series.length; k++) {
      await measureOnce(series[(round + k) % series.length]!, round >= WARMUP);
    }
  }
  say(`measured ${SAMPLES} rounds × ${series.length} in ${seconds(performance.now() - measureStarted)}`);

  // 5. Report.
  const baselineOf = (page: PageCase) => series.find((s) => s.page === page && s.way === 'baseline')!;
  const ratio = (s: Series) => median(s.ms.map((value, i) => value / baselineOf(s.page).ms[i]!));
  console.log('');
  console.log(
    'HTTP = GET over loopback, timed in this process from the request to the last byte of the body (the target);',
  );
  console.log(
    'gateway = the same requests as Fastify logged them (responseTime: request received to response sent).',
  );
  console.log(
    'ratio = median over rounds of (this sample / the baseline sample of the same page in the same round).',
  );
  console.log('');
  const rows: string[][] = [
    ['page', 'way', 'median', 'p95', 'min', 'gateway median', 'gateway p95', 'ratio'],
  ];
  for (const s of series) {
    rows.push([
      `${s.page.name}${s.page.target ? '' : ' (reported)'}`,
      s.way,
      ms(median(s.ms)),
      ms(percentile(s.ms, 0.95)),
      ms(Math.min(...s.ms)),
      s.way === 'HTTP' ? ms(median(s.serverMs)) : '',
      s.way === 'HTTP' ? ms(percentile(s.serverMs, 0.95)) : '',
      s.way === 'baseline' ? '1.00×' : `${ratio(s).toFixed(2)}×`,
    ]);
  }
  console.log(table(rows));
  console.log('');

  let ok = true;
  for (const page of pages) {
    const httpSeries = series.find((s) => s.page === page && s.way === 'HTTP')!;
    const value = median(httpSeries.ms);
    const pass = value <= TARGET_MS;
    if (page.target) {
      ok &&= pass;
      console.log(
        `TARGET ${page.name}: median HTTP ${ms(value)} (gateway ${ms(median(httpSeries.serverMs))}), ` +
          `${ratio(httpSeries).toFixed(2)}× the bare SELECT's ${ms(median(baselineOf(page).ms))}  ` +
          `(target <= ${TARGET_MS} ms)  ${verdict(pass)}`,
      );
    } else {
      console.log(
        `reported ${page.name}: median HTTP ${ms(value)} (gateway ${ms(median(httpSeries.serverMs))}), ` +
          `${ratio(httpSeries).toFixed(2)}× the bare SELECT's ${ms(median(baselineOf(page).ms))}` +
          `${pass ? '' : `  (over ${TARGET_MS} ms)`}`,
      );
    }
  }

  // The plans, as searchPayments runs the queries (its SQL captured, then explained on the same pool).
  const explain = async (page: PageCase) => {
    let captured: { sql: string; params: unknown[] } | undefined;
    const capturing = {
      getConnection: () => ({
        execute: async (sql: string, params: unknown[]) => {
          captured = { sql, params };
          return [];
        },
      }),
    } as unknown as EntityManager;
    await searchPayments(capturing, page.search);
    if (!captured) throw new Error(`${page.name}: searchPayments ran no query`);
    const plan = await gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ 'QUERY PLAN': string }[]>(`explain (analyze, buffers) ${captured.sql}`, captured.params);
    console.log('');
    console.log(`EXPLAIN (ANALYZE, BUFFERS) of the ${page.name} as searchPayments runs it:`);
    for (const line of plan) console.log(`  ${line['QUERY PLAN']}`);
  };
  await explain(pages[1]!);
  for (const page of pages) {
    const service = series.find((s) => s.page === page && s.way === 'service')!;
    if (page !== pages[1] && median(service.ms) > TARGET_MS) await explain(page);
  }

  console.log('');
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  return ok ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  // After a signal the cleanup pulls the connections from under the run: not a failure of its own.
  if (cleaningStarted()) console.error('[bench] interrupted');
  else console.error('[bench] failed:', error);
} finally {
  await cleanUp();
}
process.exit(exitCode);
