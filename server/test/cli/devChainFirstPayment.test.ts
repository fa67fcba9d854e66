import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anvilAvailable } from '@cairn/anvil-node';
import { testStablecoin } from '@cairn/evm-contracts';
import { SIGNATURE_HEADER, verifyWebhook } from '@cairn/webhook-verifier';
import { type Address, createPublicClient, createWalletClient, defineChain, erc20Abi, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_TEST_WALLET } from '../../src/devChain/withDevChain.js';
import { assertCompiled, type RunningCli, runCli, startCli } from '../harness/compiledCli.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';
import { waitUntil } from '../harness/waitUntil.js';
import { type Receiver, startReceiver, TEST_MASTER_KEY } from '../webhooks/webhookHarness.js';

// The "done when", as a newcomer does it: `cairn start` with no chain node configured brings up
// the local dev chain (ETH_LOCAL on anvil, test USDC and USDT), `dev:seed --json` names its wallet,
// node and tokens, a USDC payment paid from the dev chain's funded test wallet reaches `confirmed`
// with its webhooks verified by a receiver, and the sweep puts the amount in the treasury.

describe.runIf(anvilAvailable('dev chain first payment'))('a first payment on the local dev chain', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let gateway: RunningCli;
  let receiver: Receiver;
  let env: Record<string, string>;
  beforeAll(async () => {
    assertCompiled();
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'cairn-devchain-'));
    env = {
      DATABASE_URL: database.url,
      CAIRN_DATA_DIR: dataDir,
      CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
      CAIRN_MASTER_KEY: TEST_MASTER_KEY,
    };
    gateway = await startCli({ env });
    receiver = await startReceiver();
  }, 120_000);
  afterAll(async () => {
    await gateway?.stop();
    await receiver?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('start, dev:seed, pay USDC from the test wallet: confirmed with its webhooks, swept to the treasury', async () => {
    expect(gateway.output()).toMatch(/Dev chain {4}ETH_LOCAL on anvil at http:\/\/127\.0\.0\.1:\d+/);
    const seeded = await runCli(['dev:seed', '--json'], { env });
    expect(seeded.code, seeded.stderr).toBe(0);
    const seed = JSON.parse(seeded.stdout) as {
      api_key: string;
      api_key_id: string;
      wallets: { chain_id: string; address?: string; rpc_url?: string; tokens?: Record<string, Address> }[];
    };
    const wallet = seed.wallets.find((w) => w.chain_id === 'ETH_LOCAL');
    expect(wallet).toMatchObject({
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      rpc_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/),
      tokens: { USDC: expect.stringMatching(/^0x/), USDT: expect.stringMatching(/^0x/) },
    });
    const treasury = wallet!.address as Address;
    const usdc = wallet!.tokens!.USDC!;

    const set = await runCli(['webhooks:set', '--key', seed.api_key_id, '--url', `${receiver.url}/hook`], {
      env,
    });
    expect(set.code, set.stderr).toBe(0);
    const { secret } = JSON.parse(set.stdout) as { secret: string };

    const api = (path: string, body?: unknown) =>
      fetch(`${gateway.url}/api/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${seed.api_key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data: any } }));

    // The wallet's factory is deployed by the gateway's settler within seconds; chains:status says so.
    await waitUntil(
      async () => {
        const status = await runCli(['chains:status', '--json'], { env });
        const line = (
          JSON.parse(status.stdout) as {
            chain_id: string;
            offered: boolean;
            evm?: { wallets_onboarding: number; gas_warning: string | null };
          }[]
        ).find((l) => l.chain_id === 'ETH_LOCAL');
        return line?.offered === true && line.evm?.wallets_onboarding === 0 && line.evm.gas_warning === null;
      },
      'the ETH_LOCAL wallet onboarded (chains:status)',
      30_000,
    );
    const created = await api('/payments', { fiat_amount: '12.50', fiat_currency: 'USD' });
    expect(created.status).toBe(201);
    const paymentId: string = created.body.data.id;
    expect(
      created.body.data.chain_options.map(
        (o: { chain_id: string; coin_symbol: string }) => `${o.chain_id}:${o.coin_symbol}`,
      ),
    ).toEqual(expect.arrayContaining(['ETH_LOCAL:ETH', 'ETH_LOCAL:USDC', 'ETH_LOCAL:USDT']));
    const selected = await api(`/checkout/${paymentId}/select-chain`, { token: 'ETH_LOCAL:USDC' });
    expect(selected.status).toBe(200);
    const option = selected.body.data.selected;
    expect(option.crypto_amount).toBe('12500000');

    const chain = defineChain({
      id: 31337,
      name: 'dev',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [wallet!.rpc_url!] } },
    });
    const reader = createPublicClient({ chain, transport: http(), cacheTime: 0 });
    const customer = createWalletClient({
      account: privateKeyToAccount(DEV_TEST_WALLET.privateKey),
      chain,
      transport: http(),
    });
    await reader.waitForTransactionReceipt({
      hash: await customer.writeContract({
        address: usdc,
        abi: testStablecoin.abi,
        functionName: 'mint',
        args: [customer.account.address, 12_500_000n],
      }),
      pollingInterval: 200,
    });
    await reader.waitForTransactionReceipt({
      hash: await customer.writeContract({
        address: usdc,
        abi: testStablecoin.abi,
        functionName: 'transfer',
        args: [option.address, 12_500_000n],
      }),
      pollingInterval: 200,
    });

    await waitUntil(
      async () => (await api(`/payments/${paymentId}`)).body.data.status === 'confirmed',
      'the payment confirmed',
      30_000,
    );
    const events = () =>
      receiver.requests.map((request) =>
        verifyWebhook({ payload: request.body, header: request.headers[SIGNATURE_HEADER] as string, secret }),
      );
    await waitUntil(
      () => events().some((e) => e.event === 'payment.confirmed'),
      'payment.confirmed delivered',
      30_000,
    );
    expect(events().map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);

    await waitUntil(
      async () =>
        (await reader.readContract({
          address: usdc,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [treasury],
        })) === 12_500_000n,
      'the treasury holds the amount after the sweep',
      30_000,
    );
    expect(
      await reader.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [option.address],
      }),
    ).toBe(0n);
  }, 120_000);
});
