import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anvilAvailable } from '@cairn/anvil-node';
import { testStablecoin } from '@cairn/evm-contracts';
import { SIGNATURE_HEADER, verifyWebhook } from '@cairn/webhook-verifier';
import type { Browser, Page } from 'playwright-core';
import { type Address, createPublicClient, createWalletClient, defineChain, erc20Abi, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_TEST_WALLET } from '../../src/chains/devChain/withDevChain.js';
import {
  chromiumAvailable,
  expectOnlyOrigins,
  launchChromium,
  VIEWPORTS,
  watchPage,
} from '../checkoutPage/browser.js';
import { assertCompiled, type RunningCli, runCli, startCli } from '../harness/compiledCli.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';
import { waitUntil } from '../harness/waitUntil.js';
import { type Receiver, startReceiver, TEST_MASTER_KEY } from '../webhooks/webhookHarness.js';

// The "done when", as a newcomer does it: `cairn start` with no chain node configured brings up
// the local dev chain (ETH_LOCAL on anvil, test USDC and USDT), `dev:seed --json` names its wallet,
// node and tokens, a USDC payment paid from the dev chain's funded test wallet reaches `confirmed`
// with its webhooks verified by a receiver, and the sweep puts the amount in the treasury.

const browserReady = chromiumAvailable();

describe.runIf(anvilAvailable('dev chain first payment'))('a first payment on the local dev chain', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let gateway: RunningCli;
  let receiver: Receiver;
  let env: Record<string, string>;
  let browser: Browser | undefined;
  /** The seeded test key and the dev chain's details, from the first test. */
  let seed: { api_key: string; rpc_url: string; usdc: Address; treasury: Address } | undefined;
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
    await browser?.close();
    await gateway?.stop();
    await receiver?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('start, dev:seed, pay USDC from the test wallet: confirmed with its webhooks, swept to the treasury', async () => {
    expect(gateway.output()).toMatch(/Dev chain {4}ETH_LOCAL on anvil at http:\/\/127\.0\.0\.1:\d+/);
    const seeded = await runCli(['dev:seed', '--json'], { env });
    expect(seeded.code, seeded.stderr).toBe(0);
    const seed_ = JSON.parse(seeded.stdout) as {
      api_key: string;
      api_key_id: string;
      wallets: { chain_id: string; address?: string; rpc_url?: string; tokens?: Record<string, Address> }[];
    };
    const wallet = seed_.wallets.find((w) => w.chain_id === 'ETH_LOCAL');
    expect(wallet).toMatchObject({
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      rpc_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/),
      tokens: {
        USDC: expect.stringMatching(/^0x/),
        USDT: expect.stringMatching(/^0x/),
        USDCE: expect.stringMatching(/^0x/),
      },
    });
    const treasury = wallet!.address as Address;
    const usdc = wallet!.tokens!.USDC!;
    seed = { api_key: seed_.api_key, rpc_url: wallet!.rpc_url!, usdc, treasury };

    const set = await runCli(['webhooks:set', '--key', seed_.api_key_id, '--url', `${receiver.url}/hook`], {
      env,
    });
    expect(set.code, set.stderr).toBe(0);
    const { secret } = JSON.parse(set.stdout) as { secret: string };

    const api = (path: string, body?: unknown) =>
      fetch(`${gateway.url}/api/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${seed_.api_key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        // biome-ignore lint/suspicious/noExplicitAny: API bodies are checked field by field
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

  /** Creates a payment through the API and opens its checkout in Chromium, the picker on `token`. */
  const openCheckout = async (token: string, provider?: { account: Address }) => {
    browser ??= await launchChromium();
    const created = await fetch(`${gateway.url}/api/v1/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seed!.api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fiat_amount: '7.25', fiat_currency: 'USD' }),
    });
    expect(created.status).toBe(201);
    const payment = ((await created.json()) as { data: { id: string; checkout_url: string } }).data;
    const context = await browser.newContext(VIEWPORTS.phone);
    if (provider) {
      // An injected EIP-1193 provider backed by an unlocked anvil account: the page asks it to switch
      // chains and send, exactly as it would ask MetaMask.
      await context.exposeFunction('cairnAnvilRequest', async (method: string, params: unknown[]) => {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [provider.account];
        if (method === 'wallet_switchEthereumChain') return null;
        const answer = (await (
          await fetch(seed!.rpc_url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
        ).json()) as { result?: unknown; error?: { message: string } };
        if (answer.error) throw new Error(answer.error.message);
        return answer.result;
      });
      await context.addInitScript(() => {
        const bridge = (
          window as unknown as { cairnAnvilRequest: (m: string, p: unknown[]) => Promise<unknown> }
        ).cairnAnvilRequest;
        (window as unknown as { ethereum: unknown }).ethereum = {
          isMetaMask: false,
          request: ({ method, params }: { method: string; params?: unknown[] }) =>
            bridge(method, params ?? []),
        };
      });
    }
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(`${gateway.url}/checkout/${payment.id}`);
    await page.check(`input[name="token"][value="${token}"]`);
    await Promise.all([
      page.waitForURL(`${gateway.url}/checkout/${payment.id}`),
      page.click('button[type="submit"]'),
    ]);
    await page.waitForSelector('#status-heading[data-status="awaiting_payment"]');
    return { page, payment, watched, close: () => context.close() };
  };
  const confirmedIn = (page: Page) =>
    page.waitForSelector('#status-heading[data-status="confirmed"]', { timeout: 60_000 });

  it.runIf(browserReady)(
    'in the browser: pick USDC, see the token contract, "Pay with a test wallet", confirmed',
    async () => {
      expect(seed, 'the first test seeds the gateway').toBeDefined();
      const { page, watched, close } = await openCheckout('ETH_LOCAL:USDC');
      expect(await page.textContent('#pay-token')).toBe(seed!.usdc);
      expect(await page.textContent('.warning')).toContain(
        'Send only USDC on the Ethereum Local (anvil) network',
      );
      expect(await page.getAttribute('a.button.primary', 'href')).toMatch(
        new RegExp(`^ethereum:${seed!.usdc}@31337/transfer\\?address=0x[0-9a-fA-F]{40}&uint256=7250000$`),
      );
      // No provider in this browser: the browser wallet block stays hidden; the test wallet is a plain form.
      expect(await page.isHidden('[data-evm-wallet]')).toBe(true);
      await Promise.all([page.waitForLoadState('load'), page.click('form.test-wallet button')]);
      await confirmedIn(page);
      expectOnlyOrigins(watched.requests, [gateway.url]);
      expect(watched.errors).toEqual([]);
      await close();
    },
    120_000,
  );

  it.runIf(browserReady)(
    'in the browser: an injected wallet signs USDC instead (EIP-3009); the gateway relays it',
    async () => {
      const account = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' as Address; // anvil's fifth account
      const mint = await fetch(seed!.rpc_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_sendTransaction',
          params: [
            {
              from: account,
              to: seed!.usdc,
              data: `0x40c10f19${account.slice(2).toLowerCase().padStart(64, '0')}${(10n ** 9n).toString(16).padStart(64, '0')}`,
            },
          ],
        }),
      });
      expect(((await mint.json()) as { error?: unknown }).error).toBeUndefined();
      const { page, watched, close } = await openCheckout('ETH_LOCAL:USDC', { account });
      await page.waitForSelector('[data-evm-sign]:not([hidden])');
      await page.click('[data-evm-sign]');
      await page.waitForFunction(() =>
        document.querySelector('.evm-status')?.textContent?.startsWith('Sent'),
      );
      await confirmedIn(page);
      expect(watched.errors).toEqual([]);
      await close();
    },
    120_000,
  );

  it.runIf(browserReady)(
    'in the browser: an injected EIP-1193 wallet pays ETH and USDC',
    async () => {
      const account = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as Address; // anvil's fourth account
      for (const token of ['ETH_LOCAL:ETH', 'ETH_LOCAL:USDC']) {
        if (token.endsWith('USDC')) {
          const mint = await fetch(seed!.rpc_url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'eth_sendTransaction',
              params: [
                {
                  from: account,
                  to: seed!.usdc,
                  data: `0x40c10f19${account.slice(2).toLowerCase().padStart(64, '0')}${(10n ** 9n).toString(16).padStart(64, '0')}`,
                },
              ],
            }),
          });
          expect(((await mint.json()) as { error?: unknown }).error).toBeUndefined();
        }
        const { page, watched, close } = await openCheckout(token, { account });
        await page.waitForSelector('[data-evm-wallet]:not([hidden])');
        await page.click('[data-evm-pay]');
        await page.waitForFunction(() =>
          document.querySelector('.evm-status')?.textContent?.startsWith('Sent'),
        );
        await confirmedIn(page);
        expect(watched.errors).toEqual([]);
        await close();
      }
    },
    180_000,
  );
});
