import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Where the crashing gateway dies: once its change is committed, or just before the commit. */
export type CrashPoint = 'after-commit' | 'before-commit';

export interface CrashingGateway {
  readonly baseUrl: string;
  /** Resolves with the signal (or exit code) the process ended with. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills the process if it still runs; resolves once it has ended. */
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./crashingGatewayProcess.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Starts a gateway in a child process on `databaseUrl` (already migrated and seeded, e.g. a
 * TestGateway's) that SIGKILLs itself at `at` of the `occurrence`-th statement matching `change` (see
 * crashingGatewayProcess.ts).
 */
export async function startCrashingGateway(
  databaseUrl: string,
  change: RegExp,
  at: CrashPoint,
  occurrence = 1,
): Promise<CrashingGateway> {
  const child = fork(CHILD, [], {
    // `--import tsx` is resolved from the working directory: the server's, whichever the run's is.
    cwd: SERVER_DIR,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      CRASH_DATABASE_URL: databaseUrl,
      CRASH_CHANGE: change.source,
      CRASH_AT: at,
      CRASH_OCCURRENCE: String(occurrence),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const address = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { address: string }).address));
    void exited.then(({ code, signal }) =>
      reject(new Error(`the crashing gateway ended before listening (code ${code}, signal ${signal})`)),
    );
  });
  return {
    baseUrl: address,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
