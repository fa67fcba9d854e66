import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EmbeddedPostgresError } from './EmbeddedPostgresError.js';
import { cannotRun, failureLine } from './postgresFailure.js';
import { type ProgramOptions, spawnPostgresProgram } from './spawnPostgresProgram.js';

/**
 * Creates the cluster in `clusterDir` with `initdb`: superuser `postgres` with `password` (SCRAM, TCP
 * only), UTF-8, no locale. The password reaches initdb in a file readable only by the user that runs it,
 * next to the cluster, removed afterwards.
 */
export async function initCluster(
  clusterDir: string,
  password: string,
  options: ProgramOptions,
): Promise<void> {
  const secretDir = mkdtempSync(join(dirname(clusterDir), '.initdb-'));
  const pwfile = join(secretDir, 'password');
  try {
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (options.runAs) {
      chownSync(secretDir, options.runAs.uid, options.runAs.gid);
      chownSync(pwfile, options.runAs.uid, options.runAs.gid);
    }
    const { stderr, exited } = spawnPostgresProgram(
      'initdb',
      [
        `--pgdata=${clusterDir}`,
        '--username=postgres',
        '--auth=scram-sha-256',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--no-locale',
      ],
      options,
    );
    const { code, error } = await exited;
    if (error) throw cannotRun('initdb', options, error);
    if (code !== 0)
      throw new EmbeddedPostgresError(
        `Creating the embedded PostgreSQL cluster in ${clusterDir} failed: ${failureLine(stderr())}. Fix the cause, or point CAIRN_DATA_DIR at an empty directory, or set DATABASE_URL.`,
      );
  } finally {
    rmSync(secretDir, { recursive: true, force: true });
  }
}
