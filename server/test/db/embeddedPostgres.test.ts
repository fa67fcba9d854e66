import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LEGACY_PASSWORD, PASSWORD_FILE } from '../../src/platform/db/embedded/embeddedPassword.js';
import { initCluster } from '../../src/platform/db/embedded/initCluster.js';
import { locatePostgresBinaries } from '../../src/platform/db/embedded/locatePostgresBinaries.js';
import {
  placeEmbeddedCluster,
  RELOCATION_ROOT,
} from '../../src/platform/db/embedded/placeEmbeddedCluster.js';
import { removeEmbeddedDataDir } from '../../src/platform/db/embedded/removeEmbeddedDataDir.js';
import { startPostgresServer } from '../../src/platform/db/embedded/startPostgresServer.js';
import { startEmbeddedPostgres } from '../../src/platform/db/startEmbeddedPostgres.js';
import { freePort } from '../harness/freePort.js';

// The embedded PostgreSQL's superuser password: generated per data directory (never the old fixed
// one), kept in a 0600 file, replaced on a cluster made before, and shared by a second process.

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-embedded-'));
  dirs.push(dir);
  return dir;
};

/** Whether `password` opens a connection as `postgres` on `port`; the SQLSTATE when refused. */
async function login(port: number, password: string): Promise<true | string> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  try {
    await client.connect();
    return true;
  } catch (error) {
    return String((error as { code?: string }).code);
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the embedded PostgreSQL password', () => {
  afterAll(() => {
    for (const dir of dirs) removeEmbeddedDataDir(dir);
  });

  it('is generated for a new data directory, kept at mode 0600, and the only one accepted', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const database = await startEmbeddedPostgres({ dataDir, port });
    try {
      const file = join(dataDir, PASSWORD_FILE);
      const password = readFileSync(file, 'utf8').trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(database.url).toBe(`postgres://postgres:${password}@127.0.0.1:${port}/cairn`);
      expect(await login(port, password)).toBe(true);
      expect(await login(port, LEGACY_PASSWORD)).toBe('28P01');

      // A second process on the same data directory shares the running server, on the port it runs
      // on whatever port the second was given; its stop() leaves it running.
      const shared = await startEmbeddedPostgres({ dataDir, port: await freePort() });
      expect(shared.url).toBe(database.url);
      await shared.stop();
      expect(await login(port, password)).toBe(true);
    } finally {
      await database.stop();
    }
  });

  it('replaces the old fixed password of a cluster made before', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const placement = placeEmbeddedCluster(dataDir, locatePostgresBinaries());
    await initCluster(placement.clusterDir, LEGACY_PASSWORD, {
      binDir: placement.binDir,
      ...(placement.runAs ? { runAs: placement.runAs } : {}),
    });
    const database = await startEmbeddedPostgres({ dataDir, port });
    try {
      const password = readFileSync(join(dataDir, PASSWORD_FILE), 'utf8').trim();
      expect(password).not.toBe(LEGACY_PASSWORD);
      expect(await login(port, LEGACY_PASSWORD)).toBe('28P01');
      expect(await login(port, password)).toBe(true);
      expect(database.initialised).toBe(false);
    } finally {
      await database.stop();
    }
  });

  it.runIf(process.getuid?.() === 0)(
    'as root, binaries the postgres user cannot reach are copied where it can, and run from there',
    async () => {
      // The package's binaries behind a directory of mode 0700, as under a clone in /root.
      const closed = tempDir();
      const real = locatePostgresBinaries();
      cpSync(real.nativeDir, join(closed, 'native'), { recursive: true, verbatimSymlinks: true });
      const binaries = {
        ...real,
        nativeDir: join(closed, 'native'),
        version: `test-${process.pid}-${Date.now()}`,
      };
      const dataDir = tempDir();
      const placement = placeEmbeddedCluster(dataDir, binaries);
      const copy = join(RELOCATION_ROOT, `${binaries.version}-${binaries.platform}`);
      try {
        expect(placement.binDir).toBe(join(copy, 'bin'));
        expect(placement.relocated).toContain(`binaries in ${copy}`);
        // The copy works: a cluster made and served by it as the postgres user.
        const port = await freePort();
        const program = { binDir: placement.binDir, ...(placement.runAs ? { runAs: placement.runAs } : {}) };
        await initCluster(placement.clusterDir, 'relocated-binaries', program);
        const server = await startPostgresServer(placement.clusterDir, port, program);
        try {
          expect(await login(port, 'relocated-binaries')).toBe(true);
        } finally {
          await server.stop();
        }
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    },
  );
});
