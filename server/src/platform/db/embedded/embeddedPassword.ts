import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file in CAIRN_DATA_DIR holding the embedded cluster's superuser password (mode 0600). */
export const PASSWORD_FILE = 'embedded-postgres.password';

/**
 * The fixed password clusters made before passwords were generated per data directory were given; a
 * start that finds such a cluster replaces it (see `startEmbeddedPostgres`).
 */
export const LEGACY_PASSWORD = 'cairn-embedded';

/** The data directory's password, or undefined when none was written yet. */
export function readPassword(dataDir: string): string | undefined {
  try {
    return readFileSync(join(dataDir, PASSWORD_FILE), 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * A new random password: base64url, so it goes into a connection URL and an SQL literal as is.
 */
export function generatePassword(): string {
  return randomBytes(24).toString('base64url');
}

/** Saves the data directory's password (mode 0600). */
export function savePassword(dataDir: string, password: string): void {
  writeFileSync(join(dataDir, PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
}
