import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/repoRoot.js';
import { assertCompiled } from '../harness/compiledCli.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';

// `pnpm cairn <command>` and `pnpm exec cairn <command>` from the repository root, as the README says:
// stdout is the command's output and nothing else (pnpm's own banner and the gateway's log lines
// would break `| jq`), so JSON stays parseable when piped.

/** Runs pnpm from the repository root; resolves with the exit code and both streams. */
function pnpm(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  // Under `pnpm test`, npm_execpath is pnpm itself; otherwise the pnpm on PATH.
  const execPath = process.env.npm_execpath;
  const [command, prefix] =
    execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ['pnpm', [] as string[]];
  const childEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('CAIRN_') && name !== 'DATABASE_URL'),
  );
  return new Promise((resolve) => {
    execFile(
      command,
      [...prefix, ...args],
      { cwd: REPO_ROOT, env: { ...childEnv, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the cairn command from the repository root', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    assertCompiled();
    database = await createTestDatabase();
  });
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
});
