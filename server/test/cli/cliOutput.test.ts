import { execFile, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/platform/runtime/repoRoot.js';
import { assertCompiled } from '../harness/compiledCli.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';
import { freePort } from '../harness/freePort.js';

// `pnpm cairn <command>` and `pnpm exec cairn <command>` from the repository root, as docs/operating/cli.md says:
// stdout is the command's output and nothing else (pnpm's own banner and the gateway's log lines
// would break `| jq`), so JSON stays parseable when piped.

/** pnpm as the tests run it: under `pnpm test`, npm_execpath is pnpm itself; otherwise the one on PATH. */
function pnpmCommand(): [string, string[]] {
  const execPath = process.env.npm_execpath;
  return execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ['pnpm', []];
}

/** The environment without this run's Cairn settings, plus `env`. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('CAIRN_') && name !== 'DATABASE_URL'),
  );
  return { ...base, ...env };
}

/** Runs pnpm from the repository root; resolves with the exit code and both streams. */
function pnpm(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, prefix] = pnpmCommand();
  return new Promise((resolve) => {
    execFile(command, [...prefix, ...args], { cwd: REPO_ROOT, env: cleanEnv(env) }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the cairn command from the repository root', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    assertCompiled();
    database = await createTestDatabase();
    // Operator commands use a migrated database and create none: `migrate` first, as `start` would.
    const migrated = await pnpm(['cairn', 'migrate'], { DATABASE_URL: database.url });
    expect(migrated.code, migrated.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('pnpm cairn dev:seed --json prints only the JSON', async () => {
    const result = await pnpm(['cairn', 'dev:seed', '--json'], { DATABASE_URL: database.url });
    expect(result.code, result.stderr).toBe(0);
    const seed = JSON.parse(result.stdout) as { api_key: string; wallets: { chain_id: string }[] };
    expect(seed.api_key).toMatch(/^pk_test_/);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('pnpm exec cairn chains:status --json: every enabled chain, none offered without a watcher', async () => {
    const result = await pnpm(['exec', 'cairn', 'chains:status', '--json'], { DATABASE_URL: database.url });
    expect(result.code, result.stderr).toBe(0);
    const lines = JSON.parse(result.stdout) as {
      chain_id: string;
      health: string;
      offered: boolean;
      offer_reason: string;
    }[];
    expect(lines).toEqual([
      expect.objectContaining({
        chain_id: 'BTC_TESTNET',
        backend: 'none',
        health: 'not watched',
        offered: false,
      }),
      expect.objectContaining({
        chain_id: 'LTC_TESTNET',
        backend: 'none',
        health: 'not watched',
        offered: false,
      }),
    ]);
    expect(lines[0]!.offer_reason).toContain('CAIRN_CHAIN_BTC_TESTNET_RPC_URL');
  });

  it.each([
    ['SIGTERM', '"signal":"SIGTERM"'],
    ['SIGKILL', '"signal":"parent process exited"'],
  ] as const)(
    'pnpm start: the gateway stops when pnpm gets %s',
    { timeout: 120_000 },
    async (signal, line) => {
      const port = await freePort();
      const [command, prefix] = pnpmCommand();
      const child = spawn(command, [...prefix, 'start'], {
        cwd: REPO_ROOT,
        env: cleanEnv({ DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const answers = async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
        } catch {
          return false;
        }
      };
      const waitFor = async (what: string, probe: () => Promise<boolean>) => {
        const deadline = Date.now() + 60_000;
        while (!(await probe())) {
          if (Date.now() > deadline) throw new Error(`${what} timed out:\n${output}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      try {
        await waitFor('start', answers);
      } catch (error) {
        child.kill('SIGTERM');
        throw error;
      }
      // SIGTERM reaches the gateway (the script execs node, so it is pnpm's own child); after a SIGKILL
      // of pnpm the gateway notices it was left behind.
      child.kill(signal);
      await waitFor('the gateway to stop', async () => !(await answers()));
      await waitFor('its shutdown line', async () => output.includes(line));
    },
  );
});
