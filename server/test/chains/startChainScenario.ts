import { randomBytes } from 'node:crypto';
import { getChain } from '@cairn/contract';
import type { JobHelpers } from 'graphile-worker';
import { expect } from 'vitest';
import type { ChainWatcher, SyncResult } from '../../src/chains/watchers/ChainWatcher.js';
import { startChainWatchers } from '../../src/chains/watchers/startChainWatchers.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { paymentTimerTask } from '../../src/workers/jobs/paymentTimerTask.js';
import { type Client, clientFor, createPaymentVia, ledgerOf } from '../api/apiHelpers.js';
import { type Litecoind, startLitecoind, toCoins } from '../harness/startLitecoind.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { WEBHOOK_RECEIVER_ENV, type WebhookReceiver } from './attachWebhookReceiver.js';
import { allDelivered, receiveWebhooks } from './eventsFor.js';

/** A payment waiting on the scenario's chain: its deposit address and locked amount (smallest units). */
export interface ScenarioPayment {
  readonly id: string;
  readonly address: string;
  /** The destination tag, memo or reference the customer must include; empty where none. */
  readonly memo: string;
  readonly amount: bigint;
}

/** What the shared suites do with a node: pay (returns the transaction id) and mine. */
export interface ScenarioNode {
  send(address: string, amount: bigint): Promise<string>;
  mine(count?: number): Promise<string[]>;
}

/**
 * The chain a scenario runs on: how to start its real node, what the gateway is told about it, and
 * what the merchant's wallet on it is.
 */
export interface ScenarioChain<N> {
  readonly chainId: string;
  /** The checkout option the scenario's payments select (`LTC_REGTEST:LTC`). */
  readonly token: string;
  startNode(): Promise<N>;
  /** The gateway's variables for the chain (its backend and the required depth). */
  env(node: N, confirmations: number): Record<string, string> | Promise<Record<string, string>>;
  /** Gives the test business its wallet on the chain, where the seed does not. */
  addWallet?(node: N, test: TestGateway): Promise<void>;
  /**
   * Pays a payment's target (address plus its tag, memo or reference) and returns the transaction id.
   * Absent: `node.send(payment.address, amount)`.
   */
  pay?(node: N, payment: ScenarioPayment, amount: bigint): Promise<string>;
  /**
   * Payments are first seen in a closed ledger, never in a mempool (XRP Ledger, Stellar, Solana at
   * finalized): a first sighting already has one confirmation.
   */
  readonly seenInBlock?: boolean;
  /** Checks the selected option's payment URI. */
  expectUri(option: { address: string; crypto_amount: string; payment_uri: string }): void;
  stopNode(node: N): Promise<void>;
}

/** A real node, a gateway watching it, and the steps the chain suites take. */
export interface ChainScenario<N = Litecoind> {
  readonly node: N;
  readonly test: TestGateway;
  readonly clock: ManualClock;
  readonly client: Client;
  readonly watcher: ChainWatcher;
  /** The merchant's webhook receiver (the endpoint of the test key); `eventsFor` reads from it. */
  readonly receiver: WebhookReceiver;
  /** The required depth configured for the chain in this scenario. */
  readonly confirmations: number;
  /**
   * One watcher sync (deterministic stepping; the background loop is not running), repeated while the
   * backend reports watched targets it could not read yet (Monero: a view-only wallet being opened
   * beside the polls), so a test reads what one sync of a warm watcher would see.
   */
  sync(): Promise<SyncResult>;
  /**
   * Another watcher instance of the chain on the same gateway and database (empty index and mempool
   * memory, not started): a second instance, or this one after a restart. The caller stops it.
   */
  newWatcher(): ChainWatcher;
  /** Creates a USD payment and selects the scenario's option through the API. */
  newPayment(fiatAmount?: string): Promise<ScenarioPayment>;
  /** Pays the payment's target (with its tag or memo where the family has one); the transaction id. */
  pay(payment: ScenarioPayment, amount: bigint): Promise<string>;
  /** Mines `count` blocks (default 1) or closes as many ledgers: the node's `mine`. */
  mine(count?: number): Promise<string[]>;
  /** The payment's status through the API. */
  statusOf(id: string): Promise<string>;
  /** The payment as the API returns it. */
  // biome-ignore lint/suspicious/noExplicitAny: API body
  read(id: string): Promise<any>;
  /**
   * Moves the clock past the payment's window and fires its window timer (the graphile task). Like
   * every clock move here, it first waits until every webhook so far has been delivered.
   */
  closeWindow(id: string): Promise<void>;
  /** Moves the clock past the late grace and fires the late-grace timer. */
  endLateGrace(id: string): Promise<void>;
  /** Advances the clock, once every webhook so far has been delivered. */
  advance(ms: number): Promise<void>;
  /** The credit ledger rows of the payment. */
  ledger(id: string): Promise<{ kind: string; amount_usd: string }[]>;
  stop(): Promise<void>;
}

const MINUTE = 60_000;

/** litecoind -regtest, watched by block scan; the seed gives the test business its wallet. */
export const LITECOIN_REGTEST: ScenarioChain<Litecoind> = {
  chainId: 'LTC_REGTEST',
  token: 'LTC_REGTEST:LTC',
  startNode: () => startLitecoind(),
  env: (node, confirmations) => ({
    CAIRN_CHAIN_LTC_REGTEST_RPC_URL: node.rpcUrl,
    CAIRN_CHAIN_LTC_REGTEST_CONFIRMATIONS: String(confirmations),
  }),
  expectUri(option) {
    expect(
      option.payment_uri.startsWith(
        `litecoin:${option.address}?amount=${toCoins(BigInt(option.crypto_amount))}&`,
      ),
    ).toBe(true);
  },
  stopNode: (node) => node.stop(),
};

/**
 * Starts litecoind -regtest, a gateway on a fresh database with `CAIRN_CHAIN_LTC_REGTEST_RPC_URL` set
 * (so LTC_REGTEST is enabled and watched, with the configured depth), fixed demo rates (25 USD is
 * 0.3125 LTC) and a ManualClock, and its LTC_REGTEST watcher, stepped by `sync()`. The test key's
 * webhook endpoint is a verifying receiver on loopback and the gateway's delivery loop runs, so
 * `eventsFor` asserts on delivered webhooks.
 */
export function startChainScenario(options: { confirmations?: number } = {}): Promise<ChainScenario> {
  return startScenario(LITECOIN_REGTEST, options);
}

/** {@link startChainScenario} on any chain with a real node: `chain` says how to start and use it. */
export async function startScenario<N>(
  chain: ScenarioChain<N>,
  options: { confirmations?: number } = {},
): Promise<ChainScenario<N>> {
  const confirmations = options.confirmations ?? 3;
  const node = await chain.startNode();
  const clock = new ManualClock(new Date());
  let test: TestGateway;
  try {
    test = await startTestGateway({
      clock,
      env: { ...WEBHOOK_RECEIVER_ENV, ...(await chain.env(node, confirmations)) },
    });
  } catch (error) {
    await chain.stopNode(node);
    throw error;
  }
  try {
    await chain.addWallet?.(node, test);
  } catch (error) {
    await test.stop();
    await chain.stopNode(node);
    throw error;
  }
  let receiver: WebhookReceiver;
  try {
    receiver = await receiveWebhooks(test);
  } catch (error) {
    await test.stop();
    await chain.stopNode(node);
    throw error;
  }
  const { gateway } = test.running;
  const watchers = startChainWatchers(gateway, {
    databaseUrl: test.running.databaseUrl,
    autoStart: false,
    registry: test.running.app.metrics.registry,
  });
  const watcher = watchers.watchers.find((w) => w.chainId === chain.chainId);
  if (!watcher) throw new Error(`no ${chain.chainId} watcher was configured`);
  const client = clientFor(test.baseUrl, test.apiKey);
  const read = async (id: string) => {
    const response = await client.get(`/payments/${id}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  const setClock = async (to: number) => {
    await allDelivered(test);
    clock.set(new Date(Math.max(clock.now().getTime(), to)));
  };
  const fire = async (id: string, timer: 'window' | 'late_grace') =>
    paymentTimerTask(gateway)({ paymentId: id, timer }, {} as JobHelpers);
  await watcher.syncOnce();
  return {
    node,
    test,
    clock,
    client,
    watcher,
    receiver,
    confirmations,
    sync: () => syncUntilRead(watcher),
    newWatcher: () =>
      startChainWatchers(gateway, { databaseUrl: test.running.databaseUrl, autoStart: false }).watchers.find(
        (w) => w.chainId === chain.chainId,
      )!,
    async newPayment(fiatAmount = '25.00') {
      // After a clock move the watcher's last sync looks old and the chain is not offered: sync first,
      // as the background loop would have done all along.
      if (!gateway.chainAvailability.isOffered(chain.chainId)) await watcher.syncOnce();
      const payment = await createPaymentVia(client, {
        fiat_amount: fiatAmount,
        order_id: randomBytes(4).toString('hex'),
      });
      const selected = await client.post(`/checkout/${payment.id}/select-chain`, {
        token: chain.token,
      });
      expect(selected.status, selected.text).toBe(200);
      const option = selected.body.data.selected;
      chain.expectUri(option);
      return {
        id: payment.id,
        address: option.address,
        memo: option.memo,
        amount: BigInt(option.crypto_amount),
      };
    },
    pay: (payment, amount) =>
      chain.pay
        ? chain.pay(node, payment, amount)
        : (node as unknown as ScenarioNode).send(payment.address, amount),
    mine: (count = 1) => (node as unknown as ScenarioNode).mine(count),
    statusOf: async (id) => (await read(id)).status,
    read,
    async closeWindow(id) {
      const payment = await read(id);
      await setClock(Date.parse(payment.expires_at) + MINUTE);
      await fire(id, 'window');
    },
    async endLateGrace(id) {
      const payment = await read(id);
      const definition = getChain(chain.chainId)!;
      const graceEnd = Date.parse(payment.expires_at) + definition.lateGraceMinutes * MINUTE;
      await setClock(graceEnd + MINUTE);
      await fire(id, 'late_grace');
    },
    advance: (ms) => setClock(clock.now().getTime() + ms),
    ledger: (id) => ledgerOf(test, id),
    async stop() {
      await watchers.stop();
      await receiver.stop();
      await test.stop();
      await chain.stopNode(node);
    },
  };
}

/** How long `sync()` keeps syncing while targets are unread (a view-only wallet opens in 1-2 s). */
const UNREAD_PATIENCE_MS = 60_000;

/** Syncs until no watched target is left unread (or UNREAD_PATIENCE_MS passed); returns the last sync. */
async function syncUntilRead(watcher: ChainWatcher): Promise<SyncResult> {
  const deadline = Date.now() + UNREAD_PATIENCE_MS;
  for (;;) {
    const result = await watcher.syncOnce();
    if (!result.unread || Date.now() > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
