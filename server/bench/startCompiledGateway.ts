import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { assertCompiled, CAIRN_BIN } from '../test/harness/compiledCli.js';
import { GATEWAY_NODE_FLAGS, sleep, terminate, track, waitForExit } from './support.js';

/** A gateway started as production starts it (`node <flags> bin/cairn.js start`), in a child process. */
export interface CompiledGateway {
  readonly pid: number;
  /** `http://127.0.0.1:<PORT>` */
  readonly url: string;
  /** The child's inspector (`ws://127.0.0.1:<port>/<uuid>`), from its `--inspect=127.0.0.1:0` line. */
  readonly inspectorUrl: string;
  /** The file its stdout and stderr go to. */
  readonly logFile: string;
  /** How it exited, when it has (undefined while it runs). */
  exitStatus(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Its resident set size now (bytes), from `/proc/<pid>/status`. */
  rss(): number;
  /**
   * SIGTERM, then waits up to `graceMs` for the exit (SIGKILL after that). Resolves with what happened;
   * once per gateway.
   */
  stop(graceMs?: number): Promise<GatewayExit>;
}

export interface GatewayExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** SIGTERM to exit (ms). */
  readonly ms: number;
  /** Whether it exited by itself within the grace period. */
  readonly graceful: boolean;
}

/** The child's environment: this process's without any Cairn setting or DATABASE_URL, plus `env`. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('CAIRN_') && name !== 'DATABASE_URL' && name !== 'REDIS_URL',
    ),
  );
  return { ...base, ...env };
}

const INSPECTOR_LINE = /Debugger listening on (ws:\/\/\S+)/;

/**
 * Starts the compiled gateway (`server/dist/cli.js` through `server/bin/cairn.js`, as the `cairn`
 * command runs it) with the production Node flags plus `--inspect=127.0.0.1:0` (so the bench can force a
 * full GC and read the heap), in its own process group (a Ctrl-C reaches only the bench, which stops it
 * in order), with stdout and stderr written straight to `logFile` (nothing is buffered in the bench).
 * Resolves once `/readyz` answers 200; rejects with the log's tail if it exits first or is not ready
 * within `timeoutMs`. `env.PORT` is required.
 *
 * `test/harness/compiledCli.ts`'s `startCli` runs the same binary for the tests, but without Node flags
 * and keeping all output in memory.
 */
export async function startCompiledGateway(options: {
  env: Record<string, string>;
  logFile: string;
  timeoutMs?: number;
}): Promise<CompiledGateway> {
  assertCompiled();
  const port = options.env.PORT;
  if (!port) throw new Error('startCompiledGateway: env.PORT is required');
  const fd = openSync(options.logFile, 'a');
  let child: ChildProcess;
  try {
    child = track(
      spawn(process.execPath, [...GATEWAY_NODE_FLAGS, '--inspect=127.0.0.1:0', CAIRN_BIN, 'start'], {
        env: childEnv({ HOST: '127.0.0.1', ...options.env }),
        detached: true,
        stdio: ['ignore', fd, fd],
      }),
    );
  } finally {
    closeSync(fd);
  }
  const log = () => readFileSync(options.logFile, 'utf8');
  const tail = () => log().split('\n').slice(-40).join('\n');
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const url = `http://127.0.0.1:${port}`;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const deadline = performance.now() + timeoutMs;
  let inspectorUrl: string | undefined;
  try {
    for (;;) {
      if (exited())
        throw new Error(
          `the gateway exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ready:\n${tail()}`,
        );
      inspectorUrl ??= INSPECTOR_LINE.exec(log())?.[1];
      if (inspectorUrl) {
        try {
          const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
          await response.arrayBuffer();
          if (response.status === 200) break;
        } catch {
          // not listening yet
        }
      }
      if (performance.now() > deadline)
        throw new Error(`the gateway was not ready within ${timeoutMs} ms:\n${tail()}`);
      await sleep(100);
    }
  } catch (error) {
    await terminate(child, 'SIGKILL', 5_000);
    throw error;
  }

  let stopped: Promise<GatewayExit> | undefined;
  const pid = child.pid!;
  return {
    pid,
    url,
    inspectorUrl: inspectorUrl!,
    logFile: options.logFile,
    exitStatus: () => (exited() ? { code: child.exitCode, signal: child.signalCode } : undefined),
    rss() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
      if (kb === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
      return Number(kb) * 1024;
    },
    stop(graceMs = 30_000) {
      stopped ??= (async () => {
        const started = performance.now();
        if (!exited()) child.kill('SIGTERM');
        const graceful = await waitForExit(child, graceMs);
        const ms = performance.now() - started;
        // Kills whatever is left of its group (nothing, normally) and forgets the child.
        await terminate(child, 'SIGKILL', 5_000);
        return { code: child.exitCode, signal: child.signalCode, ms, graceful };
      })();
      return stopped;
    },
  };
}
