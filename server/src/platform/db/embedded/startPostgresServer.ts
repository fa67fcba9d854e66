import { EmbeddedPostgresError } from './EmbeddedPostgresError.js';
import { cannotRun, failureLine } from './postgresFailure.js';
import { type ProgramOptions, spawnPostgresProgram } from './spawnPostgresProgram.js';

/** A PostgreSQL server process this gateway started. */
export interface PostgresServer {
  /** Fast shutdown (SIGINT), then SIGKILL if it has not exited after 30 s. */
  stop(): Promise<void>;
}

const READY = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

/** Why PostgreSQL stopped while starting, as a sentence with the fix. */
function explain(lines: readonly string[], clusterDir: string, port: number): EmbeddedPostgresError {
  const all = lines.join('\n');
  if (/Address already in use/i.test(all))
    return new EmbeddedPostgresError(
      `Port ${port} (CAIRN_EMBEDDED_PG_PORT) is already in use by another program: stop it or set CAIRN_EMBEDDED_PG_PORT to a free port.`,
    );
  if (/lock file "postmaster\.pid" already exists/i.test(all))
    return new EmbeddedPostgresError(
      `Another PostgreSQL server runs on the embedded cluster ${clusterDir} but does not answer on port ${port}: stop it (its pid is in ${clusterDir}/postmaster.pid) or start Cairn with the CAIRN_EMBEDDED_PG_PORT it uses.`,
    );
  return new EmbeddedPostgresError(
    `The embedded PostgreSQL in ${clusterDir} stopped while starting: ${failureLine(lines)}.`,
  );
}

/**
 * Starts `postgres` on the cluster, listening on 127.0.0.1:`port` only (no Unix socket), and resolves
 * once it accepts connections. Until `stop()` is called, the process is stopped when this process
 * exits, so an error exit never leaves it behind (a SIGKILL of the gateway does; the next start then
 * shares it, see `startEmbeddedPostgres`).
 */
export async function startPostgresServer(
  clusterDir: string,
  port: number,
  options: ProgramOptions,
): Promise<PostgresServer> {
  const { child, stderr, exited } = spawnPostgresProgram(
    'postgres',
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
    ],
    options,
  );
  const killOnExit = () => child.kill('SIGINT');
  process.on('exit', killOnExit);

  const started = await new Promise<'ready' | 'exited' | 'timeout'>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), START_TIMEOUT_MS);
    const watch = () => {
      if (stderr().some((line) => line.includes(READY))) {
        clearTimeout(timer);
        child.stderr?.off('data', watch);
        resolve('ready');
      }
    };
    child.stderr?.on('data', watch);
    void exited.then(() => {
      clearTimeout(timer);
      resolve('exited');
    });
  });
  if (started !== 'ready') {
    process.off('exit', killOnExit);
    const { error } = started === 'exited' ? await exited : { error: undefined };
    if (error) throw cannotRun('postgres', options, error);
    if (started === 'timeout') {
      child.kill('SIGKILL');
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL in ${clusterDir} did not accept connections within ${START_TIMEOUT_MS / 1000} s: ${failureLine(stderr())}.`,
      );
    }
    throw explain(stderr(), clusterDir, port);
  }

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGINT');
          const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
          await exited;
          clearTimeout(timer);
        }
        process.off('exit', killOnExit);
      })();
      return stopping;
    },
  };
}
