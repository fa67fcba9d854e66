import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertCompiled, runCli } from './harness/compiledCli.js';
import { createTestDatabase } from './harness/createTestDatabase.js';

describe('operator CLI (pnpm cairn)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  /** The compiled `cairn` command; rejects with `{ code, stderr }` on a non-zero exit, as execFile does. */
  const cairn = async (...args: string[]) => {
    const result = await runCli(args, { env: { DATABASE_URL: database.url, CAIRN_LOG_LEVEL: 'silent' } });
    if (result.code !== 0) throw Object.assign(new Error(result.stderr), result);
    return result;
  };

  beforeAll(async () => {
    assertCompiled();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('migrate applies the schema once', async () => {
    expect((await cairn('migrate')).stdout).toContain('Migration20261121000000_initial');
    expect((await cairn('migrate')).stdout).toContain('up to date');
  });

  it('dev:seed --json prints a working key, the business and each wallet; keys:create and keys:revoke', async () => {
    const { stdout } = await cairn('dev:seed', '--json');
    const seed = JSON.parse(stdout) as {
      api_key: string;
      api_key_id: string;
      business_id: string;
      wallets: { chain_id: string; extended_public_key: string }[];
    };
    expect(seed.api_key).toMatch(/^pk_test_[A-Za-z0-9_-]{43}$/);
    expect(seed.api_key_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seed.wallets.map((w) => w.chain_id).sort()).toEqual(['BTC_TESTNET', 'LTC_TESTNET']);
    expect(seed.wallets[0]!.extended_public_key).toMatch(/^vpub/);

    const created = JSON.parse(
      (
        await cairn(
          'keys:create',
          '--business',
          seed.business_id,
          '--mode',
          'test',
          '--label',
          'shop',
          '--tokens',
          'LTC_TESTNET:LTC',
        )
      ).stdout,
    ) as { api_key: string; api_key_id: string; allowed_tokens: string[] };
    expect(created.api_key).toMatch(/^pk_test_/);
    expect(created.allowed_tokens).toEqual(['LTC_TESTNET:LTC']);
    expect((await cairn('keys:revoke', created.api_key_id)).stdout).toContain('Revoked');

    const live = await cairn(
      'keys:create',
      '--business',
      seed.business_id,
      '--mode',
      'live',
      '--label',
      'x',
    ).then(
      () => 'ok',
      (error: { stderr: string; code: number }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(live).toEqual({ code: 1, stderr: expect.stringContaining('Add a live-mode wallet') });
  });

  it('credit:top-up adds Prepaid Credit and credit:balance shows both modes', async () => {
    const seed = JSON.parse((await cairn('dev:seed', '--json')).stdout) as { business_id: string };
    const topUp = JSON.parse(
      (await cairn('credit:top-up', '--business', seed.business_id, '--mode', 'live', '--usd', '12.50'))
        .stdout,
    );
    expect(topUp).toEqual({ business_id: seed.business_id, mode: 'live', balance_usd: '62.50' });
    const balance = JSON.parse((await cairn('credit:balance', '--business', seed.business_id)).stdout);
    expect(balance).toEqual({ business_id: seed.business_id, test_usd: '100', live_usd: '62.50' });
    const bad = await cairn(
      'credit:top-up',
      '--business',
      seed.business_id,
      '--mode',
      'test',
      '--usd=-5',
    ).then(
      () => 'ok',
      (error: { stderr: string; code: number }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(bad).toEqual({ code: 1, stderr: expect.stringContaining('not a positive US dollar amount') });
  });

  it('explains usage errors', async () => {
    const failure = await cairn('keys:create').then(
      () => 'ok',
      (error: { stderr: string; code: number }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(failure).toEqual({ code: 2, stderr: expect.stringContaining('keys:create needs --business') });
  });
});
