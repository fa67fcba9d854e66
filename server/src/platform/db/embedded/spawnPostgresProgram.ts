import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { RunAs } from './placeEmbeddedCluster.js';

/** How a PostgreSQL program of the embedded server is run. */
export interface ProgramOptions {
  readonly binDir: string;
  readonly runAs?: RunAs;
  /** Each line the program writes to stderr. */
  readonly log?: (line: string) => void;
}

/**
 * Spawns `program` from `binDir` (as `runAs` when set) with its own process group, so that a terminal's
 * Ctrl-C reaches only the gateway, which stops PostgreSQL itself after its own shutdown. stderr lines go
 * to `log` and are kept (the last 50) to explain a failure. `spawn` errors (a binary the user cannot
 * execute, say) become the child's `failure`, never an unhandled `error` event.
 */
export function spawnPostgresProgram(
  program: 'initdb' | 'postgres',
  args: readonly string[],
  options: ProgramOptions,
): { child: ChildProcess; stderr: () => string[]; exited: Promise<{ code: number | null; error?: Error }> } {
  const path = join(options.binDir, program);
  const child = spawn(path, args, {
    ...(options.runAs ? { uid: options.runAs.uid, gid: options.runAs.gid } : {}),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // English messages whatever the machine's locale: they are matched below and shown to operators.
    env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
  });
  const lines: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line.trim());
      if (lines.length > 50) lines.shift();
      options.log?.(line.trim());
    }
  };
  child.stderr?.on('data', onData);
  child.stdout?.on('data', onData);
  const exited = new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('exit', (code) => resolve({ code }));
  });
  return { child, stderr: () => [...lines], exited };
}
