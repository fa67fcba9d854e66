import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { EmbeddedPostgresError } from './EmbeddedPostgresError.js';
import type { PostgresBinaries } from './locatePostgresBinaries.js';

/**
 * Where root keeps what the `postgres` user must reach when the repository or the data directory is
 * out of its reach (a clone under /root, a data directory made by `mktemp -d`): a copy of the
 * binaries and the cluster itself. Nothing else is ever written there.
 */
export const RELOCATION_ROOT = '/var/lib/cairn/embedded-postgres';

/** Who runs PostgreSQL when the gateway runs as root (PostgreSQL refuses to run as root). */
export interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

/** Where the embedded cluster lives and which programs run it, as whom. */
export interface ClusterPlacement {
  readonly binDir: string;
  readonly clusterDir: string;
  /** Set when the gateway runs as root: PostgreSQL runs as the unprivileged `postgres` user. */
  readonly runAs?: RunAs;
  /** What was moved out of reach of the repository (for a log line), if anything. */
  readonly relocated: readonly string[];
}

const idOf = (flag: '-u' | '-g') => {
  const result = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : undefined;
};

/** The `postgres` system user, created once if missing (as embedded servers in containers do). */
function ensurePostgresUser(): RunAs {
  if (idOf('-u') === undefined) {
    const groupExists = spawnSync('getent', ['group', 'postgres']).status === 0;
    const created = spawnSync(
      'useradd',
      [
        '--system',
        ...(groupExists ? ['--gid', 'postgres'] : ['--user-group']),
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ],
      { encoding: 'utf8' },
    );
    if (created.status !== 0) {
      const why = (created.stderr || created.error?.message || 'useradd failed').trim();
      throw new EmbeddedPostgresError(
        `As root, the embedded PostgreSQL runs as an unprivileged "postgres" user, and creating that user failed (${why}): create it (useradd --system postgres), run Cairn as an ordinary user, or set DATABASE_URL.`,
      );
    }
  }
  const uid = idOf('-u');
  const gid = idOf('-g');
  if (uid === undefined || gid === undefined)
    throw new EmbeddedPostgresError(
      'The "postgres" user has no uid or gid: check /etc/passwd, or set DATABASE_URL.',
    );
  return { uid, gid };
}

/** Whether `runAs` can search (enter) `path`: asked of the system as that user, ACLs included. */
function canEnter(runAs: RunAs, path: string): boolean {
  return (
    spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', path], {
      uid: runAs.uid,
      gid: runAs.gid,
      stdio: 'ignore',
    }).status === 0
  );
}

/**
 * Where `<dataDir>/postgres` links to when root placed the cluster under {@link RELOCATION_ROOT};
 * undefined when it is not such a link (a link owned by someone else, or pointing anywhere else, is not
 * followed).
 */
export function relocatedClusterOf(dataDir: string): string | undefined {
  const linked = join(dataDir, 'postgres');
  const link = lstatSync(linked, { throwIfNoEntry: false });
  if (!link?.isSymbolicLink() || link.uid !== 0) return undefined;
  const target = resolve(dataDir, readlinkSync(linked));
  return target.startsWith(`${RELOCATION_ROOT}/clusters/`) ? target : undefined;
}

/** A copy of the binaries under RELOCATION_ROOT (made once per version and platform). */
function relocateBinaries(binaries: PostgresBinaries): string {
  const target = join(RELOCATION_ROOT, `${binaries.version}-${binaries.platform}`);
  if (existsSync(join(target, 'bin', 'postgres'))) return target;
  mkdirSync(RELOCATION_ROOT, { recursive: true });
  chmodSync(dirname(RELOCATION_ROOT), 0o755);
  chmodSync(RELOCATION_ROOT, 0o755);
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(binaries.nativeDir, partial, { recursive: true, verbatimSymlinks: true });
  try {
    renameSync(partial, target);
  } catch (error) {
    // Another process made the same copy meanwhile: keep theirs.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(target, 'bin', 'postgres'))) throw error;
  }
  return target;
}

/**
 * Decides where the embedded cluster lives and which binaries run it. As an ordinary user: the
 * package's binaries and `<dataDir>/postgres`, run as that user. As root, PostgreSQL runs as the
 * `postgres` user, which must reach both: whatever it cannot reach (anything under /root, a data
 * directory of mode 0700) is placed under {@link RELOCATION_ROOT} instead, and the cluster's place is
 * recorded as the symlink `<dataDir>/postgres`, so later starts (and the operator) find it. The
 * operator's own directories are never chmod-ed.
 */
export function placeEmbeddedCluster(dataDir: string, binaries: PostgresBinaries): ClusterPlacement {
  const linked = join(dataDir, 'postgres');
  if (process.getuid?.() !== 0)
    return { binDir: join(binaries.nativeDir, 'bin'), clusterDir: linked, relocated: [] };

  // Root acts on what the data directory holds (it follows <dataDir>/postgres, chowns and deletes):
  // nobody else may be able to change it.
  const dir = statSync(dataDir);
  if (dir.uid !== 0 || (dir.mode & 0o022) !== 0)
    throw new EmbeddedPostgresError(
      `As root, the data directory ${dataDir} (CAIRN_DATA_DIR) must belong to root and be writable by root alone: chown root ${dataDir} && chmod go-w ${dataDir}, or choose another.`,
    );
  const runAs = ensurePostgresUser();
  const relocated: string[] = [];
  let nativeDir = binaries.nativeDir;
  if (!canEnter(runAs, join(nativeDir, 'bin', 'postgres'))) {
    nativeDir = relocateBinaries(binaries);
    relocated.push(`binaries in ${nativeDir}`);
    if (!canEnter(runAs, join(nativeDir, 'bin', 'postgres')))
      throw new EmbeddedPostgresError(
        `The postgres user cannot run the PostgreSQL binaries even in ${nativeDir}: check that directory's permissions, or set DATABASE_URL.`,
      );
  }

  let clusterDir = linked;
  const link = lstatSync(linked, { throwIfNoEntry: false });
  if (link?.isSymbolicLink()) {
    const relocated = relocatedClusterOf(dataDir);
    if (relocated === undefined)
      throw new EmbeddedPostgresError(
        `${linked} links to ${readlinkSync(linked)}, not to a cluster under ${RELOCATION_ROOT}/clusters: remove that link, or set DATABASE_URL.`,
      );
    clusterDir = relocated;
  } else if (!canEnter(runAs, dataDir)) {
    if (link)
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL cluster ${linked} is out of reach of the postgres user (a parent directory is closed to it): move CAIRN_DATA_DIR to a place it can enter, or set DATABASE_URL.`,
      );
    const id = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
    clusterDir = join(
      RELOCATION_ROOT,
      'clusters',
      `${basename(dataDir).replace(/[^A-Za-z0-9_.-]/g, '_')}-${id}`,
    );
    mkdirSync(dirname(clusterDir), { recursive: true });
    for (const dir of [dirname(RELOCATION_ROOT), RELOCATION_ROOT, dirname(clusterDir)]) chmodSync(dir, 0o755);
    symlinkSync(clusterDir, linked);
    relocated.push(`cluster in ${clusterDir} (linked from ${linked})`);
  }
  mkdirSync(clusterDir, { recursive: true });
  chownSync(clusterDir, runAs.uid, runAs.gid);
  chmodSync(clusterDir, 0o700);
  if (!canEnter(runAs, clusterDir))
    throw new EmbeddedPostgresError(
      `The postgres user cannot enter the embedded cluster directory ${clusterDir}: open its parent directories to it, or set DATABASE_URL.`,
    );
  return { binDir: join(nativeDir, 'bin'), clusterDir, runAs, relocated };
}
