import { rmSync } from 'node:fs';
import { relocatedClusterOf } from './placeEmbeddedCluster.js';

/**
 * Deletes a data directory and its embedded PostgreSQL cluster, including a cluster root placed under
 * /var/lib/cairn (linked from `<dataDir>/postgres`; a link pointing anywhere else is not followed). For
 * throw-away data directories (tests, benchmarks); the server must be stopped first.
 */
export function removeEmbeddedDataDir(dataDir: string): void {
  const relocated = relocatedClusterOf(dataDir);
  if (relocated) rmSync(relocated, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
