import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort.js';

/** The `cairn` command as installed: the launcher of the compiled gateway (`server/dist/cli.js`). */
export const CAIRN_BIN = fileURLToPath(new URL('../../bin/cairn.js', import.meta.url));
const COMPILED = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** Fails loudly when the gateway has not been compiled (`pnpm test` builds it first). */
export function assertCompiled(): void {
  if (!existsSync(COMPILED))
    throw new Error(`${COMPILED} is missing: run \`pnpm build\` (pnpm test builds before testing).`);
}

/** Who the command runs as (root tests run it as an ordinary user too). */
export interface RunAsUser {
  readonly uid: number;
  readonly gid: number;
}

/**
 * The child's environment: this process's, without any Cairn setting or DATABASE_URL (each test says
 * what it wants), plus `env`.
 */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('CAIRN_') && name !== 'DATABASE_URL' && name !== 'REDIS_URL',
    ),
  );
  return { ...base, CAIRN_LOG_LEVEL: 'warn', ...env };
}

function spawnCli(args: readonly string[], env: Record<string, string>, user?: RunAsUser): ChildProcess {
  return spawn(process.execPath, [CAIRN_BIN, ...args], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
}

/** The outcome of one command. */
export interface CliResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `cairn <args>` to completion (killed after `timeoutMs`). */
export function runCli(
  args: readonly string[],
  options: { env?: Record<string, string>; user?: RunAsUser; timeoutMs?: number } = {},
): Promise<CliResult> {
  const child = spawnCli(args, options.env ?? {}, options.user);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** A gateway started with `cairn start` in a child process. */
export interface RunningCli {
  readonly child: ChildProcess;
  readonly pid: number;
  /** `http://127.0.0.1:<PORT>` */
  readonly url: string;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit status once it has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `cairn start` on a free port (unless `env.PORT` is given) and resolves once `/readyz` answers
 * 200; rejects with its output if it exits first or is not ready within `timeoutMs`.
 */
export async function startCli(
  options: { env?: Record<string, string>; user?: RunAsUser; timeoutMs?: number } = {},
): Promise<RunningCli> {
  const port = options.env?.PORT ?? String(await freePort());
  const child = spawnCli(['start'], { HOST: '127.0.0.1', ...options.env, PORT: port }, options.user);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (gone) throw new Error(`cairn start exited before it was ready:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {}
    if (Date.now() > deadline) {
      // SIGTERM first: a SIGKILL would leave its embedded PostgreSQL running.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      throw new Error(`cairn start was not ready within ${options.timeoutMs ?? 90_000} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    pid: child.pid!,
    url,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (!gone) child.kill(signal);
      return exited;
    },
  };
}
