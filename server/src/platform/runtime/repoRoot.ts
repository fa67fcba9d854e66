import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest folder above this module holding `pnpm-workspace.yaml`. The same
 * answer from the sources (`server/src/`, under tsx) and from the build (`server/dist/cli.js`).
 */
export const REPO_ROOT: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
})();

/** CAIRN_DATA_DIR as an absolute path (a relative one is taken from the repository root). */
export function resolveDataDir(value: string): string {
  return resolve(REPO_ROOT, value);
}
