import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeEmbeddedDataDir } from '../../src/platform/db/embedded/removeEmbeddedDataDir.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/platform/db/startEmbeddedPostgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole run: DATABASE_URL when set (CI uses the machine's server),
 * otherwise an embedded PostgreSQL in a temp folder. Each test file creates its own database on it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    dataDir = mkdtempSync(join(tmpdir(), 'cairn-test-pg-'));
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: 20000 + Math.floor(Math.random() * 20000),
      database: 'postgres',
    });
    url = embedded.url;
  }
  project.provide('adminDatabaseUrl', url);
  return async () => {
    await embedded?.stop();
    if (dataDir) removeEmbeddedDataDir(dataDir);
  };
}
