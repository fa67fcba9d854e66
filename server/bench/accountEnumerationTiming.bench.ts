/**
 * Whether an address has an account, by timing: `pnpm --filter @cairn/server bench:account-timing`.
 *
 * 1. A fresh database; the gateway (in this process, no job workers or chain watchers, logging at
 *    warn into nothing, no SMTP server: mail goes to the dev mailbox's rows) migrates it.
 * 2. One confirmed login (`known@bench.test`) and one unconfirmed one (`pending@bench.test`).
 * 3. Measured, interleaved: every round calls each operation once per kind of address, in an order
 *    rotated per round, after BENCH_WARMUP rounds (default 5) not counted; BENCH_SAMPLES rounds
 *    (default 100). Operations: `requestPasswordReset` (forgot password), `resendVerification`
 *    (send the confirmation link again) and `signUp`, called directly on the gateway's account
 *    services (the HTTP layer around them is the same for every address). Kinds: the confirmed
 *    login, the unconfirmed one, and an unknown address (a new one per call for sign-up, so that it
 *    stays unknown).
 * 4. Per operation: the median and p95 per kind and the ratio of each kind's median to the unknown
 *    address's; PASS when every ratio is within [1/1.25, 1.25] (the probe found 2.04 for reset:
 *    14.7 ms against 7.2 ms), else FAIL and exit code 1.
 *
 * Database: a fresh `cairn_bench_<random>` database on DATABASE_URL when set, else on an embedded
 * PostgreSQL in a temp folder; dropped at the end, also on error.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startGateway } from '../src/app/startGateway.js';
import { createAccountsContext } from '../src/domain/accounts/createAccountsContext.js';
import { createUser } from '../src/domain/accounts/createUser.js';
import { hashPassword } from '../src/domain/accounts/hashPassword.js';
import { requestPasswordReset } from '../src/domain/accounts/resetPassword.js';
import { resendVerification, signUp } from '../src/domain/accounts/signUp.js';
import { loadConfig } from '../src/platform/config/loadConfig.js';
import { createTotpSecretCipher } from '../src/surfaces/dashboard/createTotpSecretCipher.js';
import { benchCleanups } from './benchCleanups.js';
import { createBenchDatabase } from './createBenchDatabase.js';

const SAMPLES = Math.round(numberFromEnv('BENCH_SAMPLES', 100));
const WARMUP = Math.round(numberFromEnv('BENCH_WARMUP', 5));
const MAX_RATIO = 1.25;
const PASSWORD = 'a benchmark passphrase';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
}

const { onCleanup, cleanUp, cleaningStarted } = benchCleanups();

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
}
const ms = (value: number) => `${value.toFixed(2)} ms`;

type Kind = 'confirmed' | 'unconfirmed' | 'unknown';
const KINDS: readonly Kind[] = ['confirmed', 'unconfirmed', 'unknown'];

async function main(): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'cairn-bench-'));
  onCleanup(`temp dir ${root}`, async () => rmSync(root, { recursive: true, force: true }));
  chmodSync(root, 0o755);
  const cpu = cpus();
  console.log('Cairn account enumeration timing benchmark');
  console.log(
    `  node ${process.version}, ${cpu.length}× ${cpu[0]?.model.trim() ?? 'cpu'}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${SAMPLES} interleaved rounds after ${WARMUP} warm-up rounds`,
  );

  const database = await createBenchDatabase(root, 'cairn_bench', onCleanup);
  console.log(`[bench] database: ${database.kind}`);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    CAIRN_LOG_LEVEL: 'warn',
    CAIRN_SMTP_URL: '',
    CAIRN_CHAIN_BTC_TESTNET_WATCHED_ELSEWHERE: 'true',
    CAIRN_CHAIN_LTC_TESTNET_WATCHED_ELSEWHERE: 'true',
  });
  const running = await startGateway({
    config,
    log: pino({ level: 'warn' }),
    workers: false,
    watchers: false,
  });
  onCleanup('gateway', () => running.stop());
  const { gateway } = running;
  const accounts = createAccountsContext(gateway, createTotpSecretCipher(gateway.config));

  const em = gateway.orm.em.fork();
  await createUser(em, gateway.clock, {
    email: 'known@bench.test',
    verified: true,
    passwordHash: await hashPassword(PASSWORD),
  });
  await signUp(accounts, { email: 'pending@bench.test', password: PASSWORD });

  let fresh = 0;
  const addressOf = (kind: Kind, operation: string) => {
    if (kind === 'confirmed') return 'known@bench.test';
    if (kind === 'unconfirmed') return 'pending@bench.test';
    fresh += 1;
    return operation === 'sign-up' ? `nobody-${fresh}@bench.test` : 'nobody@bench.test';
  };
  const operations: Record<string, (email: string) => Promise<void>> = {
    reset: (email) => requestPasswordReset(accounts, { email }),
    resend: (email) => resendVerification(accounts, { email }),
    'sign-up': (email) => signUp(accounts, { email, password: PASSWORD }),
  };
  const steps = Object.keys(operations).flatMap((operation) => KINDS.map((kind) => ({ operation, kind })));
  const times = new Map(steps.map((s) => [`${s.operation}/${s.kind}`, [] as number[]]));

  for (let round = 0; round < WARMUP + SAMPLES; round += 1) {
    const rotated = [...steps.slice(round % steps.length), ...steps.slice(0, round % steps.length)];
    for (const { operation, kind } of rotated) {
      const email = addressOf(kind, operation);
      const started = performance.now();
      await operations[operation]!(email);
      const elapsed = performance.now() - started;
      if (round >= WARMUP) times.get(`${operation}/${kind}`)!.push(elapsed);
    }
  }

  let ok = true;
  console.log('');
  console.log('operation  address       median      p95         ratio to unknown');
  for (const operation of Object.keys(operations)) {
    const unknown = median(times.get(`${operation}/unknown`)!);
    for (const kind of KINDS) {
      const values = times.get(`${operation}/${kind}`)!;
      const ratio = median(values) / unknown;
      const within = ratio <= MAX_RATIO && ratio >= 1 / MAX_RATIO;
      ok &&= within;
      console.log(
        `${operation.padEnd(10)} ${kind.padEnd(13)} ${ms(median(values)).padEnd(11)} ${ms(percentile(values, 0.95)).padEnd(11)} ${ratio.toFixed(3)}${within ? '' : '  (outside the bound)'}`,
      );
    }
  }
  console.log('');
  console.log(`${ok ? 'PASS' : 'FAIL'}: every median within ×${MAX_RATIO} of the unknown address's`);
  return ok ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  if (cleaningStarted()) console.error('[bench] interrupted');
  else console.error('[bench] failed:', error);
} finally {
  await cleanUp();
}
process.exit(exitCode);
