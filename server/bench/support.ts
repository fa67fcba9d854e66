import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The Node flags of the production start command (the `cairn` script in server/package.json): a larger
 * young generation (fewer scavenges under load). Both targets get them, so the comparison stays fair.
 */
export const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=32'];
const cairnScript: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  .scripts.cairn;
if (!GATEWAY_NODE_FLAGS.every((flag) => cairnScript.includes(flag))) {
  throw new Error(
    `server/package.json's cairn script (${cairnScript}) no longer has ${GATEWAY_NODE_FLAGS.join(' ')}`,
  );
}

/** The server package folder: children run with it as their working directory. */
export const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));

/** What a target child sends its parent. */
export type ChildMessage =
  | { type: 'ready'; url: string; info: Record<string, string> }
  | ({ type: 'memory' } & Memory)
  | ({ type: 'cpu' } & CpuTime)
  | { type: 'error'; message: string };

/** CPU time a child has used so far (`process.cpuUsage()`), in microseconds. */
export interface CpuTime {
  readonly user: number;
  readonly system: number;
}

/** A child's memory (bytes): as found, then after a full garbage collection. */
export interface Memory {
  readonly rss: number;
  readonly heapUsed: number;
  readonly rssAfterGc: number;
  readonly heapUsedAfterGc: number;
}

/** What the parent sends a target child. */
export type ParentMessage = { type: 'memory' } | { type: 'cpu' } | { type: 'stop' };

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves true once `child` has exited, false when `ms` pass first. */
export function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, ms);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

/**
 * Kills the process group a detached child leads (the child and anything it spawned, e.g. an embedded
 * PostgreSQL), ignoring a group that is already gone.
 */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** A process's /proc/<pid>/stat: its command name and the fields after it (field 3 onwards). */
function readProcStat(pid: number | string): { comm: string; fields: string[] } | undefined {
  try {
    // pid (comm) state ppid pgrp ...; comm may hold spaces, so split after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), fields: stat.slice(close + 2).split(' ') };
  } catch {
    return undefined; // exited
  }
}

/** The processes whose stat `matches`, from /proc (Linux). */
function processesWhere(matches: (stat: { comm: string; fields: string[] }) => boolean): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    const stat = readProcStat(entry);
    return stat && matches(stat) ? [Number(entry)] : [];
  });
}

/** Live (not zombie) processes of process group `pgid`, from /proc (Linux). */
export function groupMembers(pgid: number): number[] {
  return processesWhere(({ fields: [state, , pgrp] }) => Number(pgrp) === pgid && state !== 'Z');
}

/** Every child started by the benchmark that has not been reaped yet (for a last-resort kill). */
const live = new Set<ChildProcess>();
const reaped = new WeakSet<ChildProcess>();

export function track(child: ChildProcess): ChildProcess {
  live.add(child);
  return child;
}

/** Synchronous last resort (process 'exit'): SIGKILL every group still around. */
export function killAllTracked(): void {
  for (const child of live) killGroup(child, 'SIGKILL');
  live.clear();
}

export interface Termination {
  readonly exitedGracefully: boolean;
  /** Signal to exit of the child. */
  readonly ms: number;
  /** Processes of its group (e.g. PostgreSQL) still running 10 s after it exited, then killed. */
  readonly leftovers: number;
}

/**
 * Stops a child with `signal`, waiting up to `graceMs`; then gives what it spawned in its process group
 * 10 s to go and kills whatever is left. Once per child: later calls return at once.
 */
export async function terminate(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 20_000,
): Promise<Termination> {
  if (reaped.has(child)) return { exitedGracefully: true, ms: 0, leftovers: 0 };
  reaped.add(child);
  const started = performance.now();
  let exitedGracefully = hasExited(child);
  if (!exitedGracefully) {
    child.kill(signal);
    exitedGracefully = await waitForExit(child, graceMs);
  }
  const ms = performance.now() - started;
  let leftovers = 0;
  if (exitedGracefully && child.pid !== undefined) {
    const deadline = performance.now() + 10_000;
    while (groupMembers(child.pid).length > 0 && performance.now() < deadline) await sleep(50);
    leftovers = groupMembers(child.pid).length;
  }
  killGroup(child, 'SIGKILL');
  if (!exitedGracefully) await waitForExit(child, 5_000);
  live.delete(child);
  return { exitedGracefully, ms, leftovers };
}

/**
 * A benchmark target running in its own Node process (so autocannon, in the parent, does not share
 * its event loop). The child announces `ready` with its URL over IPC.
 */
export class TargetProcess {
  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    readonly url: string,
    readonly info: Record<string, string>,
  ) {}

  get pid(): number {
    return this.child.pid!;
  }

  static async start(
    name: string,
    script: string,
    env: Record<string, string | undefined>,
    timeoutMs = 120_000,
  ): Promise<TargetProcess> {
    const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
      cwd: SERVER_DIR,
      env,
      // BENCH_NODE_ARGS adds Node flags to the targets, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
      execArgv: [
        ...GATEWAY_NODE_FLAGS,
        '--import',
        'tsx',
        '--expose-gc',
        ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
      // Its own process group: a Ctrl-C reaches only the parent, which stops the children in order.
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    track(child);
    try {
      const ready = await new Promise<Extract<ChildMessage, { type: 'ready' }>>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${name} not ready within ${timeoutMs} ms`)),
          timeoutMs,
        );
        child.on('message', (message: ChildMessage) => {
          if (message.type === 'ready') {
            clearTimeout(timer);
            resolve(message);
          } else if (message.type === 'error') {
            clearTimeout(timer);
            reject(new Error(`${name} failed to start: ${message.message}`));
          }
        });
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`${name} exited before it was ready (code ${code}, signal ${signal})`));
        });
      });
      return new TargetProcess(name, child, ready.url, ready.info);
    } catch (error) {
      await terminate(child, 'SIGKILL', 5_000);
      throw error;
    }
  }

  /** The child's `process.memoryUsage()`, before and after a full GC. */
  memory(timeoutMs = 10_000): Promise<Memory> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.child.off('message', onMessage);
        reject(new Error(`${this.name} did not report its memory`));
      }, timeoutMs);
      const onMessage = (message: ChildMessage) => {
        if (message.type !== 'memory') return;
        clearTimeout(timer);
        this.child.off('message', onMessage);
        const { type: _, ...memory } = message;
        resolve(memory);
      };
      this.child.on('message', onMessage);
      this.child.send({ type: 'memory' } satisfies ParentMessage);
    });
  }

  /** The child's CPU time so far (user and system), for CPU per request over a run. */
  cpu(timeoutMs = 10_000): Promise<CpuTime> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.child.off('message', onMessage);
        reject(new Error(`${this.name} did not report its CPU time`));
      }, timeoutMs);
      const onMessage = (message: ChildMessage) => {
        if (message.type !== 'cpu') return;
        clearTimeout(timer);
        this.child.off('message', onMessage);
        resolve({ user: message.user, system: message.system });
      };
      this.child.on('message', onMessage);
      this.child.send({ type: 'cpu' } satisfies ParentMessage);
    });
  }

  /** Asks the child to shut down (it closes its server and pool), killing it if it does not. */
  async stop(): Promise<void> {
    if (this.child.connected) this.child.send({ type: 'stop' } satisfies ParentMessage);
    const exited = await waitForExit(this.child, 20_000);
    if (!exited) console.error(`[bench] ${this.name} did not stop within 20 s; killing it`);
    await terminate(this.child, 'SIGKILL', 5_000);
  }
}

/**
 * The child side: reports memory on request, runs `stop` on request or when the parent goes away
 * (so an orphan never lingers), then exits.
 */
export function serveParent(stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'memory') {
      const { rss, heapUsed } = process.memoryUsage();
      // Targets run with --expose-gc: what survives a full collection tells retention from garbage.
      (globalThis as { gc?: () => void }).gc?.();
      const after = process.memoryUsage();
      process.send?.({
        type: 'memory',
        rss,
        heapUsed,
        rssAfterGc: after.rss,
        heapUsedAfterGc: after.heapUsed,
      } satisfies ChildMessage);
    } else if (message.type === 'cpu') {
      process.send?.({ type: 'cpu', ...process.cpuUsage() } satisfies ChildMessage);
    } else if (message.type === 'stop') shutdown();
  });
  process.on('disconnect', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Sends a startup failure to the parent, then exits. */
export function failChild(error: unknown): void {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  if (process.send) process.send({ type: 'error', message } satisfies ChildMessage, () => process.exit(1));
  else process.exit(1);
}

/** Ticks per second of /proc's utime and stime (USER_HZ; 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * CPU time (ms) used so far by each given process and by its children it has waited for (so a
 * PostgreSQL backend that exited still counts, in the postmaster), from /proc (Linux).
 */
export function processCpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = readProcStat(pid)?.fields;
    // utime, stime, cutime, cstime are fields 14-17 of stat, so 12-15 after "pid (comm) ".
    if (fields) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** Processes whose command name is `comm` (for example every PostgreSQL backend), from /proc. */
export function processesNamed(comm: string): number[] {
  return processesWhere((stat) => stat.comm === comm);
}
