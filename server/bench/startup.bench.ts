/**
 * Start-to-ready of the gateway, compiled (`bin/cairn.js`, what production runs since the build) against
 * the sources through tsx (`--import tsx src/app/main.ts`, what production ran before, and what
 * development still runs), measured in the same run, rounds interleaved:
 *
 * - first start: a new data directory (the embedded PostgreSQL is initialised, migrations applied);
 * - warm start: the same data directory again;
 * - idle RSS: the gateway process's resident memory 5 s after it is ready (PostgreSQL not counted).
 *
 * Start-to-ready is from spawning `cairn start` to the first 200 from /readyz. `pnpm build` must have
 * run. STARTUP_ROUNDS (default 3) rounds of one first and two warm starts per target.
 *
 *   pnpm --filter @cairn/server bench:startup
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeEmbeddedDataDir } from '../src/platform/db/embedded/removeEmbeddedDataDir.js';
import { freePort, sleep } from './support.js';

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const ROUNDS = Number(process.env.STARTUP_ROUNDS ?? 3);
const SETTLE_MS = 5_000;

const TARGETS = {
  compiled: ['--max-semi-space-size=32', 'bin/cairn.js', 'start'],
  tsx: ['--max-semi-space-size=32', '--import', 'tsx', 'src/app/main.ts', 'start'],
} as const;
type Target = keyof typeof TARGETS;

interface Sample {
  readonly readyMs: number;
  readonly idleRssMb: number;
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function startOnce(target: Target, dataDir: string): Promise<Sample> {
  const port = await freePort();
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('CAIRN_') && name !== 'DATABASE_URL'),
  );
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...TARGETS[target]], {
    cwd: SERVER_DIR,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAIRN_DATA_DIR: dataDir,
      CAIRN_EMBEDDED_PG_PORT: String(await freePort()),
      CAIRN_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let readyMs: number | undefined;
    while (readyMs === undefined) {
      if (child.exitCode !== null) throw new Error(`${target}: cairn start exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200)
          readyMs = performance.now() - started;
      } catch {}
      if (readyMs === undefined) await sleep(10);
    }
    await sleep(SETTLE_MS);
    return { readyMs, idleRssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  if (!existsSync(join(SERVER_DIR, 'dist', 'cli.js'))) throw new Error('Run `pnpm build` first.');
  const cpu = cpus();
  console.log('Cairn start-to-ready benchmark (compiled vs tsx, embedded PostgreSQL)');
  console.log(
    `  node ${process.version}, ${cpu.length}x ${cpu[0]?.model.trim() ?? 'cpu'}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${ROUNDS} rounds`,
  );
  const samples: Record<Target, { first: Sample[]; warm: Sample[] }> = {
    compiled: { first: [], warm: [] },
    tsx: { first: [], warm: [] },
  };
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Alternate which target goes first, so a trend in the machine's load favours neither.
    const order: Target[] = round % 2 ? ['compiled', 'tsx'] : ['tsx', 'compiled'];
    for (const target of order) {
      const dataDir = mkdtempSync(join(tmpdir(), `cairn-startup-${target}-`));
      try {
        samples[target].first.push(await startOnce(target, dataDir));
        samples[target].warm.push(await startOnce(target, dataDir));
        samples[target].warm.push(await startOnce(target, dataDir));
      } finally {
        removeEmbeddedDataDir(dataDir);
      }
    }
    console.log(
      `  round ${round}: ${order
        .map(
          (t) =>
            `${t} first ${samples[t].first.at(-1)!.readyMs.toFixed(0)} ms, warm ${samples[t].warm
              .slice(-2)
              .map((s) => s.readyMs.toFixed(0))
              .join('/')} ms`,
        )
        .join('; ')}`,
    );
  }
  const row = (target: Target) => ({
    first: median(samples[target].first.map((s) => s.readyMs)),
    warm: median(samples[target].warm.map((s) => s.readyMs)),
    rss: median([...samples[target].first, ...samples[target].warm].map((s) => s.idleRssMb)),
  });
  const compiled = row('compiled');
  const tsx = row('tsx');
  console.log('\n  medians          first start    warm start    idle RSS');
  for (const [name, r] of [
    ['tsx (before)', tsx],
    ['compiled (now)', compiled],
  ] as const)
    console.log(
      `  ${name.padEnd(16)} ${r.first.toFixed(0).padStart(8)} ms  ${r.warm.toFixed(0).padStart(8)} ms  ${r.rss.toFixed(0).padStart(6)} MB`,
    );
  console.log(
    `  compiled / tsx   ${(compiled.first / tsx.first).toFixed(2).padStart(11)}  ${(compiled.warm / tsx.warm)
      .toFixed(2)
      .padStart(12)}  ${(compiled.rss / tsx.rss).toFixed(2).padStart(9)}`,
  );
}

await main();
