import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Cairn } from '@cairn/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, startFixtureServer } from '../../../sdk/test/fixtureServer.js';
import { createExamplePayment, describePayment } from './createPayment.js';

const exampleDir = fileURLToPath(new URL('..', import.meta.url));

let fixture: FixtureServer;

beforeAll(async () => {
  fixture = await startFixtureServer();
});
afterAll(async () => {
  await fixture.close();
});

/** Runs `node --import tsx src/createPayment.ts` with the given environment. */
async function runScript(env: Record<string, string | undefined>) {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    CAIRN_API_KEY: undefined,
    CAIRN_BASE_URL: undefined,
    ...env,
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/createPayment.ts'],
      { cwd: exampleDir, env: childEnv, timeout: 30_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('createExamplePayment', () => {
  it('creates a 25.00 EUR payment with USDC on Sepolia as the default in test mode', async () => {
    const cairn = new Cairn({ apiKey: fixture.keys.test, baseUrl: fixture.baseUrl });
    const payment = await createExamplePayment(cairn, { orderId: 'order-1042' });
    expect(payment).toMatchObject({
      status: 'pending',
      mode: 'test',
      fiat_amount: '25.00',
      fiat_currency: 'EUR',
      order_id: 'order-1042',
      accepted_tokens: ['ETH_SEPOLIA:USDC'],
      success_url: 'https://shop.example/thanks',
    });
    const text = describePayment(payment);
    expect(text).toContain(`Checkout URL: ${payment.checkout_url}`);
    expect(text).toContain('ETH_SEPOLIA:USDC');
  });

  it('uses USDC on Ethereum mainnet in live mode', async () => {
    const cairn = new Cairn({ apiKey: fixture.keys.live, baseUrl: fixture.baseUrl });
    const payment = await createExamplePayment(cairn);
    expect(payment).toMatchObject({ mode: 'live', accepted_tokens: ['ETH:USDC'] });
  });
});

describe('the createPayment script', () => {
  it('prints the checkout URL and chain options, and exits 0', async () => {
    const result = await runScript({ CAIRN_API_KEY: fixture.keys.test, CAIRN_BASE_URL: fixture.baseUrl });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const url = /^Checkout URL: (\S+)$/m.exec(result.stdout)?.[1];
    expect(url).toMatch(new RegExp(`^${fixture.baseUrl}/pay/[0-9a-f-]{36}$`));
    const payment = await new Cairn({
      apiKey: fixture.keys.test,
      baseUrl: fixture.baseUrl,
    }).payments.retrieve(url!.split('/').at(-1)!);
    expect(payment.checkout_url).toBe(url);
    for (const option of payment.chain_options) {
      expect(result.stdout).toContain(`${option.chain_id}:${option.coin_symbol}`);
    }
  });

  it('exits 1 with the error code when the gateway refuses', async () => {
    const result = await runScript({ CAIRN_API_KEY: 'pk_test_revoked', CAIRN_BASE_URL: fixture.baseUrl });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Cairn error UNAUTHORIZED: .+ \(request req_[0-9a-f-]+\)$/m);
  });

  it('exits 2 without an API key or with a malformed one', async () => {
    const missing = await runScript({ CAIRN_BASE_URL: fixture.baseUrl });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Set CAIRN_API_KEY');
    const malformed = await runScript({ CAIRN_API_KEY: 'sk_live_wrong', CAIRN_BASE_URL: fixture.baseUrl });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('pk_test_');
    expect(malformed.stderr).not.toContain('sk_live_wrong');
  });
});
