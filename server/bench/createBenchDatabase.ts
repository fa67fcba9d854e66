import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './support.js';

/** Runs `run` on one connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A database a benchmark made for itself. */
export interface BenchDatabase {
  /** The server's admin URL (its `postgres` database). */
  readonly adminUrl: string;
  readonly url: string;
  readonly name: string;
  /** Where it lives, for the benchmark's header line. */
  readonly kind: string;
}

/**
 * A fresh database named `<prefix>_<random>` on DATABASE_URL's server, or on an embedded PostgreSQL
 * started in `<root>/pg`; `onCleanup` is given how to drop it (and stop that server).
 */
export async function createBenchDatabase(
  root: string,
  prefix: string,
  onCleanup: (label: string, run: () => Promise<unknown>) => void,
): Promise<BenchDatabase> {
  let adminUrl = process.env.DATABASE_URL;
  let kind = 'DATABASE_URL';
  if (!adminUrl) {
    // Imported only when needed (no DATABASE_URL).
    const { startEmbeddedPostgres } = await import('../src/platform/db/startEmbeddedPostgres.js');
    const embedded = await startEmbeddedPostgres({
      dataDir: join(root, 'pg'),
      port: await freePort(),
      database: 'postgres',
    });
    onCleanup('embedded PostgreSQL', () => embedded.stop());
    adminUrl = embedded.url;
    kind = 'embedded PostgreSQL (temp dir)';
  }
  const admin = adminUrl;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(admin, (c) => c.query(`create database ${name}`));
  onCleanup(`database ${name}`, () =>
    withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`)),
  );
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { adminUrl: admin, url: url.toString(), name, kind: `${kind}, database ${name}` };
}
