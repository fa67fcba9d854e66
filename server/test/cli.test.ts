import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Cairn } from '@cairn/sdk';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardClient } from './dashboard/DashboardClient.js';
import { assertCompiled, runCli } from './harness/compiledCli.js';
import { createTestDatabase } from './harness/createTestDatabase.js';
import { freePort } from './harness/freePort.js';
import { startTestGateway } from './harness/startTestGateway.js';

describe('operator CLI (pnpm cairn)', { timeout: 120_000 }, () => {
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

  it('operator commands other than start and migrate create no database: they name the one they use and refuse', async () => {
    // No database in the data directory (a CAIRN_DATA_DIR other than the gateway's): nothing is made.
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cairn-no-db-')), 'data');
    try {
      const missing = await runCli(['chains:status'], { env: { CAIRN_DATA_DIR: dataDir } });
      expect(missing.code).toBe(1);
      expect(missing.stdout).toBe('');
      expect(missing.stderr.trim()).toBe(
        `No Cairn database in ${dataDir} (CAIRN_DATA_DIR): this command uses the gateway's database and creates none. Run it with the CAIRN_DATA_DIR (or DATABASE_URL) the gateway runs with, or create the database with \`cairn start\` or \`cairn migrate\`.`,
      );
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(dirname(dataDir), { recursive: true, force: true });
    }

    // A database that exists but was never migrated: refused, and left as it was (no table made).
    for (const command of [
      ['chains:status'],
      ['dev:seed', '--json'],
      ['credit:balance', '--business', randomUUID()],
    ]) {
      const unmigrated = await runCli(command, {
        env: { DATABASE_URL: database.url, CAIRN_LOG_LEVEL: 'silent' },
      });
      expect(unmigrated.code, command.join(' ')).toBe(1);
      expect(unmigrated.stderr).toMatch(
        /^The database in DATABASE_URL \(postgres:\/\/\*\*\*@[^)]+\/cairn_test_\w+\) holds no Cairn schema: .*CAIRN_DATA_DIR or DATABASE_URL.*`cairn migrate`\.\n$/,
      );
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const tables = await client.query(
      `select 1 from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    await client.end();
    expect(tables.rowCount).toBe(0);
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

  it('dev:seed --json has the documented shape, a wallet for every test chain that needs no secret, and a dashboard sign-in that works', async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const seeded = await runCli(['dev:seed', '--json'], {
      env: {
        DATABASE_URL: database.url,
        CAIRN_LOG_LEVEL: 'silent',
        CAIRN_PUBLIC_URL: publicUrl,
        // XMR_STAGENET would need a private view key (a secret the gateway holds): it gets no wallet.
        CAIRN_ENABLED_CHAINS: 'BTC_TESTNET,LTC_TESTNET,XRP_TESTNET,XLM_TESTNET,SOL_DEVNET,XMR_STAGENET',
      },
    });
    expect(seeded.code, seeded.stderr).toBe(0);
    const seed = JSON.parse(seeded.stdout) as {
      api_key: string;
      wallets: { chain_id: string; address?: string }[];
      dashboard: { url: string; email: string; password: string };
    };
    // The shape docs/operating/cli.md gives.
    expect(Object.keys(seed).sort()).toEqual(
      ['api_key', 'api_key_id', 'business_id', 'dashboard', 'mode', 'user_id', 'wallets'].sort(),
    );
    expect(Object.fromEntries(seed.wallets.map((w) => [w.chain_id, Object.keys(w).sort()]))).toEqual({
      BTC_TESTNET: ['chain_id', 'extended_public_key', 'kind'],
      LTC_TESTNET: ['chain_id', 'extended_public_key', 'kind'],
      XRP_TESTNET: ['address', 'chain_id', 'kind'],
      XLM_TESTNET: ['address', 'chain_id', 'kind'],
      SOL_DEVNET: ['address', 'chain_id', 'kind'],
    });
    expect(seed.dashboard).toEqual({
      url: `${publicUrl}/dashboard`,
      email: expect.stringMatching(/^dev-[0-9a-f-]{36}@cairn\.local$/),
      password: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
    });

    // The gateway on that database: the key covers the new chains, and the sign-in opens the business.
    const gateway = await startTestGateway({
      databaseUrl: database.url,
      env: {
        PORT: String(port),
        CAIRN_PUBLIC_URL: publicUrl,
        CAIRN_ENABLED_CHAINS: 'BTC_TESTNET,LTC_TESTNET,XRP_TESTNET,XLM_TESTNET,SOL_DEVNET,BTC',
        // No node of theirs runs here: offered as watched elsewhere, so the key's allowlist is what counts.
        CAIRN_CHAIN_XRP_TESTNET_WATCHED_ELSEWHERE: 'true',
        CAIRN_CHAIN_XLM_TESTNET_WATCHED_ELSEWHERE: 'true',
        CAIRN_CHAIN_SOL_DEVNET_WATCHED_ELSEWHERE: 'true',
      },
    });
    try {
      const payment = await new Cairn({
        apiKey: seed.api_key,
        baseUrl: publicUrl,
        maxRetries: 0,
      }).payments.create({
        fiat_amount: '5.00',
        fiat_currency: 'USD',
        accepted_tokens: ['XRP_TESTNET:XRP', 'XLM_TESTNET:XLM', 'SOL_DEVNET:SOL'],
      });
      expect(payment.status).toBe('pending');
      const browser = new DashboardClient(publicUrl);
      const signedIn = await browser.submit('/dashboard/sign-in', '/dashboard/sign-in', {
        email: seed.dashboard.email,
        password: seed.dashboard.password,
      });
      expect(signedIn.status).toBe(303);
      const home = await browser.get('/dashboard/');
      expect(home.status).toBe(200);
      expect(home.body).toContain('Cairn Dev Shop');
    } finally {
      await gateway.stop();
    }
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
