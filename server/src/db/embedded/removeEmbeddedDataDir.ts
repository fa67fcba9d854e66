import { lstatSync, readlinkSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Deletes a data directory and its embedded PostgreSQL cluster, including a cluster root had to place
 * under /var/lib/cairn (linked from `<dataDir>/postgres`). For throw-away data directories (tests,
 * benchmarks); the server must be stopped first.
 */
export function removeEmbeddedDataDir(dataDir: string): void {
  const link = join(dataDir, 'postgres');
  if (lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink())
    rmSync(resolve(dataDir, readlinkSync(link)), { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
