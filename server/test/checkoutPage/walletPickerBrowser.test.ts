import { ANVIL_ACCOUNTS, anvilAvailable } from '@cairn/anvil-node';
import { testStablecoin } from '@cairn/evm-contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createWalletClient, defineChain, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useScenario } from '../chains/useScenario.js';
import { startEvmScenario } from '../evm/startEvmScenario.js';
import {
  chromiumAvailable,
  expectAccessible,
  expectNothingWiderThanViewport,
  expectOnlyOrigins,
  launchChromium,
  snap,
  VIEWPORTS,
  type ViewportName,
  watchPage,
} from './browser.js';
import { checkoutUrl } from './checkoutHelpers.js';

// "Pay with browser wallet" in Chromium with two injected EIP-6963 wallets. Each is a small EIP-1193
// object in the page whose requests go (exposeBinding) to Node, where the wallet keeps its own state
// (current chain, the chains it knows) and signs with an anvil test key: Amber starts on Ethereum
// mainnet and knows the dev chain (switched), Birch knows only Sepolia (4902 until the checkout adds
// the dev chain). Amber declines its first transaction (4001) to show the page stays ready to retry.

const DEV_CHAIN = '0x7a69';
/** A square SVG as a data URI: what a wallet announces as its icon. */
const ICON = (color: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24" rx="6" fill="${color}"/></svg>`,
  ).toString('base64')}`;

interface WalletSpec {
  readonly uuid: string;
  readonly name: string;
  readonly rdns: string;
  readonly icon: string;
  readonly key: Hex;
  readonly startChain: string;
  readonly knows: readonly string[];
  readonly rejectFirstSend: boolean;
}

const WALLETS: readonly WalletSpec[] = [
  {
    uuid: '5f1c1a3e-0000-4000-8000-00000000a001',
    name: 'Amber Wallet',
    rdns: 'test.amber',
    icon: ICON('#c2410c'),
    key: ANVIL_ACCOUNTS[3].privateKey as Hex,
    startChain: '0x1',
    knows: ['0x1', DEV_CHAIN],
    rejectFirstSend: true,
  },
  {
    uuid: '5f1c1a3e-0000-4000-8000-00000000b002',
    name: 'Birch Wallet',
    rdns: 'test.birch',
    icon: ICON('#15803d'),
    key: ANVIL_ACCOUNTS[4].privateKey as Hex,
    startChain: '0xaa36a7',
    knows: ['0xaa36a7'],
    rejectFirstSend: false,
  },
];

/** One wallet's state on the Node side, and every request it answered. */
interface WalletState {
  chain: string;
  readonly knows: Set<string>;
  rejectNext: boolean;
  readonly calls: { method: string; params?: unknown }[];
}

type Answer = { result: unknown } | { error: { code: number; message: string } };

describe.runIf(anvilAvailable('wallet picker') && chromiumAvailable())(
  'checkout: every browser wallet (EIP-6963) on the dev chain',
  () => {
    const s = useScenario(() =>
      startEvmScenario({
        confirmations: 2,
        env: (rpcUrl) => ({ CAIRN_CHAIN_ETH_LOCAL_PUBLIC_RPC_URL: rpcUrl }),
      }),
    );
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    /** A page with both wallets injected; their state lives here, their keys sign on anvil. */
    async function openWithWallets(url: string, viewport: ViewportName) {
      const anvil = s().anvil;
      const chain = defineChain({
        id: 31337,
        name: 'anvil',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [anvil.rpcUrl] } },
      });
      const states = new Map<string, WalletState>();
      const signers = new Map(
        WALLETS.map((w) => [
          w.uuid,
          createWalletClient({ account: privateKeyToAccount(w.key), chain, transport: http(anvil.rpcUrl) }),
        ]),
      );
      for (const w of WALLETS)
        states.set(w.uuid, {
          chain: w.startChain,
          knows: new Set(w.knows),
          rejectNext: w.rejectFirstSend,
          calls: [],
        });
      const context: BrowserContext = await browser.newContext(VIEWPORTS[viewport]);
      await context.exposeBinding(
        'cairnTestWallet',
        async (_source, uuid: string, method: string, params?: unknown[]): Promise<Answer> => {
          const state = states.get(uuid)!;
          const signer = signers.get(uuid)!;
          state.calls.push({ method, ...(params ? { params } : {}) });
          const first = (params?.[0] ?? {}) as Record<string, string>;
          switch (method) {
            case 'eth_requestAccounts':
            case 'eth_accounts':
              return { result: [signer.account.address] };
            case 'eth_chainId':
              return { result: state.chain };
            case 'wallet_switchEthereumChain':
              if (!state.knows.has(first.chainId!))
                return { error: { code: 4902, message: 'Unrecognized chain ID' } };
              state.chain = first.chainId!;
              return { result: null };
            case 'wallet_addEthereumChain':
              state.knows.add(first.chainId!);
              return { result: null };
            case 'eth_sendTransaction': {
              if (state.rejectNext) {
                state.rejectNext = false;
                return { error: { code: 4001, message: 'User rejected the request.' } };
              }
              if (state.chain !== DEV_CHAIN) return { error: { code: 4901, message: 'wrong chain' } };
              const tx = first as { from: Hex; to: Hex; value?: Hex; data?: Hex };
              expect(tx.from.toLowerCase()).toBe(signer.account.address.toLowerCase());
              const hash = await signer.sendTransaction({
                to: tx.to,
                ...(tx.value ? { value: BigInt(tx.value) } : {}),
                ...(tx.data ? { data: tx.data } : {}),
              });
              return { result: hash };
            }
            default:
              return { error: { code: 4200, message: `unsupported: ${method}` } };
          }
        },
      );
      await context.addInitScript((wallets) => {
        const call = (window as unknown as Record<string, (...a: unknown[]) => Promise<Answer>>)
          .cairnTestWallet!;
        for (const w of wallets) {
          const provider = {
            async request({ method, params }: { method: string; params?: unknown[] }) {
              const answer = await call(w.uuid, method, params);
              if ('error' in answer) throw Object.assign(new Error(answer.error.message), answer.error);
              return answer.result;
            },
          };
          const info = Object.freeze({ uuid: w.uuid, name: w.name, icon: w.icon, rdns: w.rdns });
          const announce = () =>
            window.dispatchEvent(
              new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
            );
          window.addEventListener('eip6963:requestProvider', announce);
          announce();
        }
      }, WALLETS);
      const page: Page = await context.newPage();
      const watched = watchPage(page);
      await page.goto(url);
      return { context, page, states, watched };
    }

    const confirm = async (id: string, hash: Hex) => {
      await s().chain.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      await s().sync();
      await s().mine(s().confirmations);
      await s().sync();
      expect(await s().statusOf(id)).toBe('confirmed');
    };
    const sendsOf = (state: WalletState) => state.calls.filter((c) => c.method === 'eth_sendTransaction');

    it('lists both wallets by name and icon; ETH through the chosen one: declined, retried, switched, confirmed', async () => {
      const p = await s().newPayment('ETH');
      const url = checkoutUrl(s().test, p.id);
      const { context, page, states, watched } = await openWithWallets(url, 'desktop');
      try {
        const picker = page.getByRole('group', { name: 'Choose your wallet' });
        await expect.poll(() => picker.getByRole('radio').count()).toBe(2);
        const amber = picker.getByRole('radio', { name: 'Amber Wallet' });
        const birch = picker.getByRole('radio', { name: 'Birch Wallet' });
        expect(await amber.isChecked()).toBe(true);
        expect(
          await picker.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src'))),
        ).toEqual(WALLETS.map((w) => w.icon));
        await snap(page, 'wallet-picker', 'desktop');
        // The EVM pay page with its stylesheet and script (the QR code aside) stays within 100 KB.
        const html = await (await fetch(url)).text();
        let weight = Buffer.byteLength(html);
        for (const [, path] of html.matchAll(/(?:href|src)="(\/checkout\/assets\/[^"]+)"/g))
          weight += (await (await fetch(`${s().test.baseUrl}${path}`)).arrayBuffer()).byteLength;
        console.info(`EVM pay page weight: ${weight} bytes`);
        expect(weight).toBeGreaterThan(20_000);
        expect(weight).toBeLessThanOrEqual(100 * 1024);
        await expectAccessible(page);
        await expectNothingWiderThanViewport(page, 'the wallet picker');

        // Birch is picked, then Amber again: the choice is the customer's.
        await birch.check();
        await amber.check();
        const pay = page.getByRole('button', { name: 'Pay with browser wallet' });
        await pay.click();
        const status = page.locator('.evm-status').first();
        await expect.poll(() => status.textContent()).toContain('You declined in your wallet');
        expect(await pay.isEnabled()).toBe(true);
        const amberState = states.get(WALLETS[0]!.uuid)!;
        expect(amberState.chain).toBe(DEV_CHAIN);
        expect(amberState.calls.map((c) => c.method)).toContain('wallet_switchEthereumChain');
        expect(amberState.calls.map((c) => c.method)).not.toContain('wallet_addEthereumChain');

        await pay.click();
        await expect.poll(() => status.textContent()).toContain('Sent.');
        expect(await pay.isDisabled()).toBe(true);
        const sends = sendsOf(amberState);
        expect(sends).toHaveLength(2);
        expect(sends[1]!.params).toEqual([
          { from: expect.any(String), to: p.address, value: `0x${p.amount.toString(16)}` },
        ]);
        // Birch was never asked for anything but what discovery needs.
        expect(states.get(WALLETS[1]!.uuid)!.calls).toEqual([]);
        const tx = await s().chain.getTransaction({ blockTag: 'latest', index: 0 });
        await confirm(p.id, tx.hash);
        expect(tx.to?.toLowerCase()).toBe(p.address.toLowerCase());
        expect(tx.value).toBe(p.amount);
        await expect
          .poll(() => page.locator('#status-heading').textContent(), { timeout: 15_000 })
          .toBe('Payment confirmed');
        expectOnlyOrigins(watched.requests, [s().test.baseUrl]);
        expect(watched.errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('USDC through a wallet that lacks the chain: added from the server parameter, switched, confirmed', async () => {
      const p = await s().newPayment('USDC');
      const birchKey = privateKeyToAccount(WALLETS[1]!.key);
      await s().chain.waitForTransactionReceipt({
        hash: await s().customer.writeContract({
          account: s().customer.account,
          chain: null,
          address: s().tokens.USDC,
          abi: testStablecoin.abi,
          functionName: 'mint',
          args: [birchKey.address, p.amount],
        }),
        pollingInterval: 20,
      });
      const url = checkoutUrl(s().test, p.id);
      const { context, page, states, watched } = await openWithWallets(url, 'phone');
      try {
        const picker = page.getByRole('group', { name: 'Choose your wallet' });
        await expect.poll(() => picker.getByRole('radio').count()).toBe(2);
        await picker.getByRole('radio', { name: 'Birch Wallet' }).check();
        await snap(page, 'wallet-picker', 'phone');
        await expectNothingWiderThanViewport(page, 'the wallet picker on a phone');
        await page.getByRole('button', { name: 'Pay with browser wallet' }).click();
        const status = page.locator('.evm-status').first();
        await expect.poll(() => status.textContent()).toContain('Sent.');

        const birch = states.get(WALLETS[1]!.uuid)!;
        const methods = birch.calls.map((c) => c.method);
        expect(methods.indexOf('wallet_switchEthereumChain')).toBeLessThan(
          methods.indexOf('wallet_addEthereumChain'),
        );
        expect(methods.lastIndexOf('wallet_switchEthereumChain')).toBeGreaterThan(
          methods.indexOf('wallet_addEthereumChain'),
        );
        expect(birch.calls.find((c) => c.method === 'wallet_addEthereumChain')?.params).toEqual([
          {
            chainId: DEV_CHAIN,
            chainName: 'Ethereum Local (anvil)',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: [s().anvil.rpcUrl],
          },
        ]);
        expect(birch.chain).toBe(DEV_CHAIN);
        const send = birch.calls.find((c) => c.method === 'eth_sendTransaction')!;
        const pad = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
        expect(send.params).toEqual([
          {
            from: expect.any(String),
            to: s().tokens.USDC,
            data: `0xa9059cbb${pad(p.address)}${pad(p.amount.toString(16))}`,
          },
        ]);
        expect(states.get(WALLETS[0]!.uuid)!.calls).toEqual([]);
        const tx = await s().chain.getTransaction({ blockTag: 'latest', index: 0 });
        expect(tx.from.toLowerCase()).toBe(birchKey.address.toLowerCase());
        await confirm(p.id, tx.hash);
        expectOnlyOrigins(watched.requests, [s().test.baseUrl]);
        expect(watched.errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('without announcements uses window.ethereum; with no add-chain parameter a missing chain is only reported', async () => {
      const p = await s().newPayment('ETH');
      const context = await browser.newContext(VIEWPORTS.desktop);
      const calls: string[] = [];
      await context.exposeBinding('cairnLegacyWallet', async (_source, method: string): Promise<Answer> => {
        calls.push(method);
        if (method === 'eth_requestAccounts') return { result: [ANVIL_ACCOUNTS[0].address] };
        if (method === 'eth_chainId') return { result: '0x1' };
        if (method === 'wallet_switchEthereumChain')
          return { error: { code: 4902, message: 'Unrecognized chain ID' } };
        return { error: { code: 4200, message: `unsupported: ${method}` } };
      });
      await context.addInitScript(() => {
        const call = (window as unknown as Record<string, (...a: unknown[]) => Promise<Answer>>)
          .cairnLegacyWallet!;
        (window as unknown as { ethereum: unknown }).ethereum = {
          async request({ method }: { method: string }) {
            const answer = await call(method);
            if ('error' in answer) throw Object.assign(new Error(answer.error.message), answer.error);
            return answer.result;
          },
        };
      });
      const page = await context.newPage();
      const url = checkoutUrl(s().test, p.id);
      // As a chain without a public RPC URL renders: no add-chain parameter.
      await page.route(url, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/data-add-chain="[^"]*"/g, 'data-add-chain=""');
        await route.fulfill({ response, body });
      });
      try {
        await page.goto(url);
        const pay = page.getByRole('button', { name: 'Pay with browser wallet' });
        await expect.poll(() => pay.isVisible()).toBe(true);
        expect(await page.locator('.wallet-picker').first().isHidden()).toBe(true);
        await pay.click();
        const status = page.locator('.evm-status').first();
        await expect
          .poll(() => status.textContent())
          .toBe(
            'Your wallet does not know the Ethereum Local (anvil) network: add it in your wallet, then try again.',
          );
        expect(calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'wallet_switchEthereumChain']);
        expect(await pay.isEnabled()).toBe(true);
      } finally {
        await context.close();
      }
    });
  },
);
