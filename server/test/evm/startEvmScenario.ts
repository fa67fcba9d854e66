import { randomBytes } from 'node:crypto';
import { ANVIL_ACCOUNTS, type AnvilNode, startAnvil } from '@cairn/anvil-node';
import { getChain } from '@cairn/contract';
import { nativeRelay, testStablecoin, testTetherToken } from '@cairn/evm-contracts';
import type { JobHelpers } from 'graphile-worker';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { ForwarderSettler } from '../../src/chains/settlement/ForwarderSettler.js';
import { gatewayEvmFacts } from '../../src/chains/settlement/gatewayEvmFacts.js';
import {
  type ForwarderSettlers,
  startForwarderSettlers,
} from '../../src/chains/settlement/startForwarderSettlers.js';
import type { ChainWatcher, SyncResult } from '../../src/chains/watchers/ChainWatcher.js';
import { startChainWatchers } from '../../src/chains/watchers/startChainWatchers.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { paymentTimerTask } from '../../src/workers/jobs/paymentTimerTask.js';
import { type Client, clientFor, createPaymentVia, ledgerOf, sql } from '../api/apiHelpers.js';
import { WEBHOOK_RECEIVER_ENV, type WebhookReceiver } from '../chains/attachWebhookReceiver.js';
import { allDelivered, receiveWebhooks } from '../chains/eventsFor.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

/** The coins the scenario pays in (USDCE: the local stand-in for Polygon's bridged USDC.e, opt-in). */
export type EvmCoin = 'ETH' | 'USDC' | 'USDT' | 'USDCE';

/** A payment waiting on ETH_LOCAL: its forwarder address, coin and locked amount (smallest units). */
export interface EvmPayment {
  readonly id: string;
  readonly address: Address;
  readonly coin: EvmCoin;
  readonly amount: bigint;
  readonly paymentUri: string;
}

/** A real anvil, test tokens, a gateway watching and settling ETH_LOCAL, and the steps the suites take. */
export interface EvmScenario {
  readonly anvil: AnvilNode;
  readonly test: TestGateway;
  readonly clock: ManualClock;
  readonly client: Client;
  readonly watcher: ChainWatcher;
  readonly settler: ForwarderSettler;
  readonly receiver: WebhookReceiver;
  readonly confirmations: number;
  readonly tokens: { readonly USDC: Address; readonly USDT: Address; readonly USDCE: Address };
  /** The merchant's treasury (ETH_LOCAL wallet of the seeded business). */
  readonly treasury: Address;
  /** Reads the chain. */
  readonly chain: PublicClient;
  /** The customer's account (an anvil account with 10,000 ETH; minted tokens on demand). */
  readonly customer: WalletClient & { account: { address: Address } };
  /** A contract that forwards the value it gets (native coin sent from inside a contract). */
  readonly relay: Address;
  sync(): Promise<SyncResult>;
  newWatcher(): ChainWatcher;
  newPayment(coin: EvmCoin, fiatAmount?: string): Promise<EvmPayment>;
  /** Pays `amount` of the payment's coin from the customer to `to` (mined at once); returns the tx hash. */
  pay(coin: EvmCoin, to: Address, amount: bigint): Promise<Hex>;
  /** Mines `count` empty blocks. */
  mine(count?: number): Promise<void>;
  /** Native or token balance of an address. */
  balanceOf(address: Address, coin: EvmCoin): Promise<bigint>;
  statusOf(id: string): Promise<string>;
  // biome-ignore lint/suspicious/noExplicitAny: API body
  read(id: string): Promise<any>;
  closeWindow(id: string): Promise<void>;
  endLateGrace(id: string): Promise<void>;
  advance(ms: number): Promise<void>;
  ledger(id: string): Promise<{ kind: string; amount_usd: string }[]>;
  stop(): Promise<void>;
}

const MINUTE = 60_000;
const CHAIN_ID = 'ETH_LOCAL';

/**
 * Starts anvil (chain id 31337), deploys test USDC (6 decimals, EIP-3009), USDT (no return values), a
 * bridged USDC.e stand-in (the test stablecoin answering symbol() `USDC.e`, as Polygon's does) and a value relay from anvil's first account, and a gateway on a fresh database with ETH_LOCAL
 * watched (`_RPC_URL`), its tokens (`_TOKENS`), a gas wallet (anvil's second account) and the given
 * depth, a ManualClock and a verifying webhook receiver. The seeded business's ETH_LOCAL treasury is
 * onboarded by the settler (its factory deployed by the gas wallet) before the scenario is returned.
 * The watcher and the settler are stepped by the tests (`sync()`, `settler.settleOnce()`).
 */
export async function startEvmScenario(
  options: {
    confirmations?: number;
    /** More gateway settings, given anvil's URL (e.g. CAIRN_CHAIN_ETH_LOCAL_PUBLIC_RPC_URL). */
    env?: (rpcUrl: string) => Record<string, string>;
  } = {},
): Promise<EvmScenario> {
  const confirmations = options.confirmations ?? 3;
  const anvil = await startAnvil({ chainId: 31337 });
  const viemChain = defineChain({
    id: 31337,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const transport = http(anvil.rpcUrl, { retryCount: 0 });
  const chain = createPublicClient({ chain: viemChain, transport, cacheTime: 0 }) as PublicClient;
  const deployer = createWalletClient({
    account: privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey),
    chain: viemChain,
    transport,
  });
  const customer = createWalletClient({
    account: privateKeyToAccount(ANVIL_ACCOUNTS[2].privateKey),
    chain: viemChain,
    transport,
  });
  const deploy = async (hash: Promise<Hex>): Promise<Address> => {
    const receipt = await chain.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 });
    if (!receipt.contractAddress) throw new Error('deployment made no contract');
    return getAddress(receipt.contractAddress);
  };
  let test: TestGateway | undefined;
  try {
    const USDC = await deploy(
      deployer.deployContract({
        abi: testStablecoin.abi,
        bytecode: testStablecoin.bytecode,
        args: ['USD Coin', 'USDC', 6],
      }),
    );
    const USDT = await deploy(
      deployer.deployContract({ abi: testTetherToken.abi, bytecode: testTetherToken.bytecode }),
    );
    const USDCE = await deploy(
      deployer.deployContract({
        abi: testStablecoin.abi,
        bytecode: testStablecoin.bytecode,
        args: ['USD Coin (PoS)', 'USDC.e', 6],
      }),
    );
    const relay = await deploy(
      deployer.deployContract({ abi: nativeRelay.abi, bytecode: nativeRelay.bytecode }),
    );
    const clock = new ManualClock(new Date());
    test = await startTestGateway({
      clock,
      env: {
        ...WEBHOOK_RECEIVER_ENV,
        CAIRN_CHAIN_ETH_LOCAL_RPC_URL: anvil.rpcUrl,
        CAIRN_CHAIN_ETH_LOCAL_CONFIRMATIONS: String(confirmations),
        CAIRN_CHAIN_ETH_LOCAL_TOKENS: `USDC=${USDC},USDT=${USDT},USDCE=${USDCE}`,
        CAIRN_CHAIN_ETH_LOCAL_GAS_WALLET_KEY: ANVIL_ACCOUNTS[1].privateKey,
        ...options.env?.(anvil.rpcUrl),
      },
    });
    const started = test;
    const receiver = await receiveWebhooks(started);
    const { gateway } = started.running;
    const watchers = startChainWatchers(gateway, {
      databaseUrl: started.running.databaseUrl,
      autoStart: false,
    });
    const watcher = watchers.watchers.find((w) => w.chainId === CHAIN_ID);
    if (!watcher) throw new Error('no ETH_LOCAL watcher was configured');
    const settlers: ForwarderSettlers = startForwarderSettlers(gateway, {
      databaseUrl: started.running.databaseUrl,
      facts: gatewayEvmFacts(gateway),
      autoStart: false,
    });
    const settler = settlers.settlers.find((s) => s.chainId === CHAIN_ID);
    if (!settler) throw new Error('no ETH_LOCAL settler was configured');
    // Onboarding: the first round sends the factory deployment (mined at once), the second sees it.
    await settler.settleOnce();
    await settler.settleOnce();
    const [wallet] = await sql<{
      value: Address;
      onboarding_status: string;
      onboarding_error: string | null;
    }>(
      started,
      `select value, onboarding_status, onboarding_error from wallets where business_id = ? and chain_id = ?`,
      [started.businessId, CHAIN_ID],
    );
    expect(wallet?.onboarding_status, wallet?.onboarding_error ?? '').toBe('active');
    await watcher.syncOnce();

    const client = clientFor(started.baseUrl, started.apiKey);
    const read = async (id: string) => {
      const response = await client.get(`/payments/${id}`);
      expect(response.status, response.text).toBe(200);
      return response.body.data;
    };
    const setClock = async (to: number) => {
      await allDelivered(started);
      clock.set(new Date(Math.max(clock.now().getTime(), to)));
    };
    const fire = async (id: string, timer: 'window' | 'late_grace') =>
      paymentTimerTask(gateway)({ paymentId: id, timer }, {} as JobHelpers);
    const tokenOf = (coin: EvmCoin) => (coin === 'USDC' ? USDC : coin === 'USDCE' ? USDCE : USDT);
    const send = async (hash: Hex) => {
      const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      expect(receipt.status).toBe('success');
      return hash;
    };
    return {
      anvil,
      test: started,
      clock,
      client,
      watcher,
      settler,
      receiver,
      confirmations,
      tokens: { USDC, USDT, USDCE },
      treasury: wallet!.value,
      chain,
      customer: customer as EvmScenario['customer'],
      relay,
      sync: () => watcher.syncOnce(),
      newWatcher: () =>
        startChainWatchers(gateway, {
          databaseUrl: started.running.databaseUrl,
          autoStart: false,
        }).watchers.find((w) => w.chainId === CHAIN_ID)!,
      async newPayment(coin, fiatAmount = '25.00') {
        if (!gateway.chainAvailability.isOffered(CHAIN_ID)) await watcher.syncOnce();
        const payment = await createPaymentVia(client, {
          fiat_amount: fiatAmount,
          order_id: randomBytes(4).toString('hex'),
        });
        const selected = await client.post(`/checkout/${payment.id}/select-chain`, {
          token: `${CHAIN_ID}:${coin}`,
        });
        expect(selected.status, selected.text).toBe(200);
        const option = selected.body.data.selected;
        return {
          id: payment.id,
          address: option.address as Address,
          coin,
          amount: BigInt(option.crypto_amount),
          paymentUri: option.payment_uri,
        };
      },
      async pay(coin, to, amount) {
        if (coin === 'ETH')
          return send(
            await customer.sendTransaction({
              account: customer.account!,
              chain: viemChain,
              to,
              value: amount,
            }),
          );
        const token = tokenOf(coin);
        const abi = coin === 'USDT' ? testTetherToken.abi : testStablecoin.abi;
        await send(
          await customer.writeContract({
            account: customer.account!,
            chain: viemChain,
            address: token,
            abi,
            functionName: 'mint',
            args: [customer.account!.address, amount],
          } as never),
        );
        return send(
          await customer.writeContract({
            account: customer.account!,
            chain: viemChain,
            address: token,
            abi,
            functionName: 'transfer',
            args: [to, amount],
          } as never),
        );
      },
      mine: (count = 1) => anvil.mine(count),
      async balanceOf(address, coin) {
        if (coin === 'ETH') return chain.getBalance({ address });
        return chain.readContract({
          address: tokenOf(coin),
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        });
      },
      statusOf: async (id) => (await read(id)).status,
      read,
      async closeWindow(id) {
        const payment = await read(id);
        await setClock(Date.parse(payment.expires_at) + MINUTE);
        await fire(id, 'window');
      },
      async endLateGrace(id) {
        const payment = await read(id);
        const graceEnd = Date.parse(payment.expires_at) + getChain(CHAIN_ID)!.lateGraceMinutes * MINUTE;
        await setClock(graceEnd + MINUTE);
        await fire(id, 'late_grace');
      },
      advance: (ms) => setClock(clock.now().getTime() + ms),
      ledger: (id) => ledgerOf(started, id),
      async stop() {
        await settlers.stop();
        await watchers.stop();
        await receiver.stop();
        await started.stop();
        await anvil.stop();
      },
    };
  } catch (error) {
    await test?.stop();
    await anvil.stop();
    throw error;
  }
}
