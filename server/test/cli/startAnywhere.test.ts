import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeEmbeddedDataDir } from '../../src/platform/db/embedded/removeEmbeddedDataDir.js';
import { REPO_ROOT } from '../../src/platform/runtime/repoRoot.js';
import {
  assertCompiled,
  CAIRN_BIN,
  type CliResult,
  type RunAsUser,
  runCli,
  startCli,
} from '../harness/compiledCli.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';
import { freePort } from '../harness/freePort.js';
import { waitUntil } from '../harness/waitUntil.js';

// `cairn start` as a newcomer runs it (the compiled gateway, embedded PostgreSQL by default), from a
// new, an existing and a relative data directory, as root and as an ordinary user; and every way it
// cannot start ends with one sentence naming the cause and the fix, exit status 1, no stack trace.

const isRoot = process.getuid?.() === 0;

/** The `nobody` user, when this root run can start the repository's gateway as it. */
const nobody: RunAsUser | undefined = (() => {
  if (!isRoot) return undefined;
  const user = {
    uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' })),
  };
  // A clone under /root is out of nobody's reach: nothing to test as an ordinary user then.
  const readable =
    spawnSync('/bin/sh', ['-c', 'test -r "$1" && test -x "$2"', 'sh', CAIRN_BIN, process.execPath], {
      ...user,
      stdio: 'ignore',
    }).status === 0;
  if (!readable)
    console.warn(
      `SKIPPED: the ordinary-user cases: the user nobody cannot read ${CAIRN_BIN} or run ${process.execPath}.`,
    );
  return readable ? user : undefined;
})();
const scratch: string[] = [];

/** A fresh directory, removed after the file (with a cluster root had to place elsewhere). */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** Starts on `dataDir` with the embedded PostgreSQL, checks it is ready, stops it with SIGTERM. */
async function startAndStop(dataDir: string, user?: RunAsUser): Promise<string> {
  // Removed with its cluster, wherever root had to place it, after the file.
  scratch.push(isAbsolute(dataDir) ? dataDir : join(REPO_ROOT, dataDir));
  const running = await startCli({
    env: { CAIRN_DATA_DIR: dataDir, CAIRN_EMBEDDED_PG_PORT: String(await freePort()) },
    ...(user ? { user } : {}),
  });
  try {
    const ready = await fetch(`${running.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks.database).toBe('ok');
  } catch (error) {
    await running.stop('SIGTERM');
    throw error;
  }
  expect(await running.stop('SIGTERM'), running.output()).toEqual({ code: 0, signal: null });
  return running.output();
}

/** One sentence on stderr, exit status 1, nothing that looks like a stack trace. */
function expectOneSentence(result: CliResult, pattern: RegExp): void {
  expect(result.code, result.stderr).toBe(1);
  const text = result.stderr.trim();
  expect(text).toMatch(pattern);
  expect(text.split('\n')).toHaveLength(1);
  expect(text).not.toMatch(/^\s+at /m);
  expect(text).not.toMatch(/TypeError|Unexpected error/);
}

describe('cairn start, anywhere', () => {
  beforeAll(() => {
    assertCompiled();
  });
  afterAll(() => {
    for (const dir of scratch.reverse()) removeEmbeddedDataDir(dir);
  });

  // Two starts, each ready only after the dev chain's start-up checks and its watcher's first sync.
  it('starts on a new data directory, then again on the same (existing) one', async () => {
    const dataDir = join(tempDir('cairn-start-new-'), 'data', 'dir');
    const first = await startAndStop(dataDir);
    expect(first).toContain('Cairn gateway ready');
    // The banner names the dashboard and the dev mailbox on the origin its links use, and no CLI step.
    expect(first).toMatch(/ {2}Dashboard {4}http:\/\/localhost:\d+\/dashboard /);
    expect(first).toMatch(/ {2}Dev mailbox {2}http:\/\/localhost:\d+\/dashboard\/mailbox /);
    expect(first).not.toContain('dev:seed');
    // HOST=127.0.0.1, as by default: the banner says how to accept other machines.
    expect(first).toContain('listening on 127.0.0.1 only; set HOST=0.0.0.0 to accept other machines');
    await startAndStop(dataDir);
  }, 60_000);

  it(`starts on an existing directory of mode 0700 made by mktemp${isRoot ? ' (as root: the postgres user cannot enter it)' : ''}`, async () => {
    const dataDir = tempDir('cairn-start-existing-');
    await startAndStop(dataDir);
    if (isRoot) {
      // The cluster went where the postgres user can reach it, recorded as a symlink.
      expect(readlinkSync(join(dataDir, 'postgres'))).toMatch(
        /^\/var\/lib\/cairn\/embedded-postgres\/clusters\//,
      );
    }
  });

  it('takes a relative CAIRN_DATA_DIR from the repository root (as the default .data is)', async () => {
    const name = `.data-test-${process.pid}-${Date.now()}`;
    await startAndStop(name);
    expect(lstatSync(join(REPO_ROOT, name, 'embedded-postgres.password')).mode & 0o777).toBe(0o600);
  });

  it('a closed terminal (SIGHUP) stops it cleanly, and a signal during start-up leaves no PostgreSQL behind', async () => {
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const postmasterOf = (dataDir: string) => {
      try {
        return Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      } catch {
        return undefined;
      }
    };
    // Running: SIGHUP is an orderly shutdown, exit 0, the embedded server stopped.
    const dataDir = tempDir('cairn-start-hup-');
    const running = await startCli({
      env: { CAIRN_DATA_DIR: dataDir, CAIRN_EMBEDDED_PG_PORT: String(await freePort()) },
    });
    const postmaster = postmasterOf(dataDir)!;
    expect(alive(postmaster)).toBe(true);
    expect(await running.stop('SIGHUP'), running.output()).toEqual({ code: 0, signal: null });
    await waitUntil(() => !alive(postmaster), 'the embedded PostgreSQL to stop', 30_000);

    // Starting: SIGTERM as soon as the embedded server runs (before the gateway is ready).
    const child = spawn(process.execPath, [CAIRN_BIN, 'start'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        CAIRN_DATA_DIR: dataDir,
        CAIRN_EMBEDDED_PG_PORT: String(await freePort()),
        PORT: '0',
        CAIRN_LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let early: number | undefined;
    await waitUntil(() => {
      early = postmasterOf(dataDir);
      return early !== undefined && alive(early);
    }, 'the embedded PostgreSQL');
    child.kill('SIGTERM');
    await exited;
    await waitUntil(() => !alive(early!), 'the embedded PostgreSQL to stop with the gateway', 30_000);
    // Two embedded PostgreSQL starts and stops: on a loaded 2-core machine more than the default 30 s.
  }, 90_000);

  it.runIf(nobody !== undefined)('starts as an ordinary user (nobody)', async () => {
    const user = nobody!;
    const dataDir = tempDir('cairn-start-user-');
    chownSync(dataDir, user.uid, user.gid);
    await startAndStop(dataDir, user);
    expect(lstatSync(join(dataDir, 'postgres')).uid).toBe(user.uid);
  });

  describe('refuses to start with one sentence', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let occupied: Server;
    let occupiedPort: number;
    beforeAll(async () => {
      database = await createTestDatabase();
      occupied = createServer().listen(0, '127.0.0.1');
      await new Promise((r) => occupied.once('listening', r));
      occupiedPort = (occupied.address() as { port: number }).port;
    });
    afterAll(async () => {
      occupied.close();
      await database.drop();
    });

    it('a data directory that cannot be used (a file is in the way)', async () => {
      const file = join(tempDir('cairn-start-file-'), 'not-a-directory');
      writeFileSync(file, 'x');
      const result = await runCli(['start'], {
        env: { CAIRN_DATA_DIR: file, CAIRN_EMBEDDED_PG_PORT: String(await freePort()), PORT: '0' },
      });
      expectOneSentence(
        result,
        /^The data directory .*not-a-directory \(CAIRN_DATA_DIR\) cannot be used: a file is in the way of that directory\. Point CAIRN_DATA_DIR at a directory/,
      );
    });

    it.runIf(nobody !== undefined)(
      'a data directory the user may not write (as an ordinary user)',
      async () => {
        const result = await runCli(['start'], {
          env: { CAIRN_DATA_DIR: tempDir('cairn-start-closed-'), PORT: '0' },
          user: nobody!,
        });
        expectOneSentence(result, /cannot be used: permission denied for this user\. Point CAIRN_DATA_DIR/);
      },
    );

    it.runIf(isRoot)('as root, a data directory other users may write', async () => {
      const dataDir = tempDir('cairn-start-open-');
      chmodSync(dataDir, 0o777);
      const result = await runCli(['start'], {
        env: { CAIRN_DATA_DIR: dataDir, CAIRN_EMBEDDED_PG_PORT: String(await freePort()), PORT: '0' },
      });
      expectOneSentence(
        result,
        /^As root, the data directory .* \(CAIRN_DATA_DIR\) must belong to root and be writable by root alone: chown root .* && chmod go-w .*, or choose another\.$/,
      );
    });

    it('a data directory that cannot hold the development master key (DATABASE_URL set, no CAIRN_MASTER_KEY)', async () => {
      const file = join(tempDir('cairn-start-keyfile-'), 'not-a-directory');
      writeFileSync(file, 'x');
      const result = await runCli(['start'], {
        env: { DATABASE_URL: database.url, CAIRN_DATA_DIR: file, PORT: '0', CAIRN_DEV_CHAIN: 'off' },
      });
      expectOneSentence(
        result,
        /^Cannot keep a development master key in .*not-a-directory\/webhook-master\.key \(\w+\): set CAIRN_MASTER_KEY \(make one with: openssl rand -hex 32\), or point CAIRN_DATA_DIR at a directory this user can write\.$/,
      );
    });

    it('a data directory that cannot hold the local dev chain', async () => {
      const file = join(tempDir('cairn-start-devchain-'), 'not-a-directory');
      writeFileSync(file, 'x');
      const result = await runCli(['start'], {
        env: { DATABASE_URL: database.url, CAIRN_DATA_DIR: file, PORT: '0' },
      });
      expectOneSentence(
        result,
        /^Cannot keep the local dev chain's state in .*not-a-directory\/dev-chain \(\w+\): point CAIRN_DATA_DIR at a directory this user can write, or set CAIRN_DEV_CHAIN=off\.$/,
      );
    });

    it('a port another program holds (PORT)', async () => {
      const result = await runCli(['start'], {
        env: { DATABASE_URL: database.url, PORT: String(occupiedPort), HOST: '127.0.0.1' },
      });
      expectOneSentence(
        result,
        new RegExp(
          `^Port ${occupiedPort} \\(PORT\\) is already in use on 127\\.0\\.0\\.1: stop the program using it, or set PORT to a free port\\.$`,
        ),
      );
    });

    it('a port another program holds (CAIRN_EMBEDDED_PG_PORT)', async () => {
      const result = await runCli(['start'], {
        env: {
          CAIRN_DATA_DIR: tempDir('cairn-start-pgport-'),
          CAIRN_EMBEDDED_PG_PORT: String(occupiedPort),
          PORT: '0',
        },
      });
      expectOneSentence(
        result,
        new RegExp(`^Port ${occupiedPort} \\(CAIRN_EMBEDDED_PG_PORT\\) is already in use by another program`),
      );
    });

    it('a DATABASE_URL nothing answers', async () => {
      const port = await freePort();
      const result = await runCli(['start'], {
        env: { DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${port}/cairn`, PORT: '0' },
      });
      expectOneSentence(
        result,
        new RegExp(
          `^Cannot connect to the PostgreSQL server in DATABASE_URL \\(postgres://postgres@127\\.0\\.0\\.1:${port}/cairn\\): nothing accepts connections at 127\\.0\\.0\\.1:${port}\\. Check that the server runs`,
        ),
      );
      expect(result.stderr).not.toContain('secret');
    });

    it('a DATABASE_URL naming a database that does not exist', async () => {
      const url = new URL(database.url);
      url.pathname = '/cairn_no_such_database';
      const result = await runCli(['start'], { env: { DATABASE_URL: url.toString(), PORT: '0' } });
      expectOneSentence(
        result,
        /: the database "cairn_no_such_database" does not exist\. Check that the server runs/,
      );
    });

    it('a database a newer version of Cairn migrated (a downgrade)', async () => {
      expect((await runCli(['migrate'], { env: { DATABASE_URL: database.url } })).code).toBe(0);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(
        `insert into mikro_orm_migrations (name, executed_at) values ('Migration20991231000000_future', now())`,
      );
      await client.end();
      const result = await runCli(['start'], { env: { DATABASE_URL: database.url, PORT: '0' } });
      expectOneSentence(
        result,
        /^The database was migrated by a newer version of Cairn \(Migration20991231000000_future\), which this version does not know: run that version again, or restore the backup taken before the upgrade\.$/,
      );
    });

    it('a malformed CAIRN_MASTER_KEY', async () => {
      const result = await runCli(['start'], {
        env: { DATABASE_URL: database.url, CAIRN_MASTER_KEY: 'not-a-key', PORT: '0' },
      });
      expectOneSentence(
        result,
        /^Invalid configuration \(fix it and start again\): CAIRN_MASTER_KEY: must be 32 bytes written as 64 hex digits or as base64 \(make one with: openssl rand -hex 32\)\.$/,
      );
    });
  });
});
