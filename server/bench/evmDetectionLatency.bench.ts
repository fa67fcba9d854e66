/**
 * Detection latency on anvil: `pnpm --filter @cairn/server bench:evm-latency`.
 *
 * Starts anvil (automine: a block per transaction) with test USDC, and a gateway configured as an
 * operator would (`CAIRN_CHAIN_ETH_LOCAL_RPC_URL`, `_TOKENS`, `_GAS_WALLET_KEY`, the default poll
 * interval unless BENCH_POLL_MS; workers, watchers, settlers and webhook delivery running), with a
 * verifying webhook receiver on loopback. Then for BENCH_SAMPLES USDC payments (default 30, after
 * BENCH_WARMUP = 2 not counted): create, select ETH_LOCAL:USDC, transfer from a funded account, and
 * time from the transfer's receipt (it is mined) to
 *
 * - MEASURED (the target): the `payment.detected` webhook arriving, verified, at the receiver;
 * - BASELINE, same payments: the `payment.detected` outbox row committing (detection without delivery).
 *
 * A random pause before each transfer puts it at a random phase of the watcher's poll. Target: p50 <=
 * 1 s for the webhook. Exit code 1 when missed.
 */
import { cpus, loadavg } from 'node:os';
import { ANVIL_ACCOUNTS, anvilAvailable, startAnvil } from '@cairn/anvil-node';
import { testStablecoin } from '@cairn/evm-contracts';
import pino from 'pino';
import { type Address, createPublicClient, createWalletClient, defineChain, getAddress, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startGateway } from '../src/app/startGateway.js';
import { seedDevBusiness } from '../src/chains/devChain/seedDevBusiness.js';
import { loadConfig } from '../src/platform/config/loadConfig.js';
import {
  attachWebhookReceiver,
  WEBHOOK_RECEIVER_ENV,
  type WebhookReceiver,
} from '../test/chains/attachWebhookReceiver.js';
import { freshDatabase, line, startOutboxProbe, summary } from './detectionLatencySupport.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const TARGET_P50_MS = 1000;
const TIMEOUT_MS = 30_000;

async function main(): Promise<number> {
  if (!anvilAvailable('EVM detection latency bench')) return 1;
  const database = await freshDatabase();
  const anvil = await startAnvil({ chainId: 31337 });
  const chain = defineChain({
    id: 31337,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const reader = createPublicClient({ chain, transport: http(), cacheTime: 0 });
  const customer = createWalletClient({
    account: privateKeyToAccount(ANVIL_ACCOUNTS[2].privateKey),
    chain,
    transport: http(),
  });
  const deployed = await reader.waitForTransactionReceipt({
    hash: await customer.deployContract({
      abi: testStablecoin.abi,
      bytecode: testStablecoin.bytecode,
      args: ['USD Coin', 'USDC', 6],
    }),
  });
  const usdc = getAddress(deployed.contractAddress!);
  await reader.waitForTransactionReceipt({
    hash: await customer.writeContract({
      address: usdc,
      abi: testStablecoin.abi,
      functionName: 'mint',
      args: [customer.account.address, 10n ** 15n],
    }),
  });
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    CAIRN_ENABLED_CHAINS: 'ETH_LOCAL',
    CAIRN_CHAIN_ETH_LOCAL_RPC_URL: anvil.rpcUrl,
    CAIRN_CHAIN_ETH_LOCAL_TOKENS: `USDC=${usdc}`,
    CAIRN_CHAIN_ETH_LOCAL_GAS_WALLET_KEY: ANVIL_ACCOUNTS[1].privateKey,
    // No payment confirms during the run: the only events after a transfer are its own.
    CAIRN_CHAIN_ETH_LOCAL_CONFIRMATIONS: '1000',
    CAIRN_LOG_LEVEL: 'silent',
    ...WEBHOOK_RECEIVER_ENV,
    ...(process.env.BENCH_POLL_MS ? { CAIRN_CHAIN_ETH_LOCAL_POLL_MS: process.env.BENCH_POLL_MS } : {}),
  };
  const config = loadConfig(env);
  const running = await startGateway({ config, log: pino({ level: 'silent' }), workers: true });
  let receiver: WebhookReceiver | undefined;
  const outbox = await startOutboxProbe(database.url);
  try {
    const seed = await seedDevBusiness(running.gateway);
    receiver = await attachWebhookReceiver(running, seed.api_key_id);
    const api = async (path: string, body?: unknown) => {
      const response = await fetch(`${running.address}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seed.api_key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { data: { [k: string]: unknown } };
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    // The settler onboards the seeded wallet (its factory) within a few rounds.
    const deadline = Date.now() + TIMEOUT_MS;
    for (;;) {
      const created = await api('/api/v1/payments', { fiat_amount: '1.00', fiat_currency: 'USD' }).catch(
        () => undefined,
      );
      if (created) break;
      if (Date.now() > deadline) throw new Error('the ETH_LOCAL wallet was not onboarded in time');
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(
      `detection latency on anvil (automine): ${SAMPLES} USDC payments (+${WARMUP} warm-up), watcher poll ${config.chains.ETH_LOCAL!.pollMs} ms; ${database.kind}; node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const webhookMs: number[] = [];
    const outboxMs: number[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i += 1) {
      const created = await api('/api/v1/payments', { fiat_amount: '25.00', fiat_currency: 'USD' });
      const id = created.id as string;
      const selected = await api(`/api/v1/checkout/${id}/select-chain`, { token: 'ETH_LOCAL:USDC' });
      const option = selected.selected as { address: Address; crypto_amount: string };
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 900));
      const hash = await customer.writeContract({
        address: usdc,
        abi: testStablecoin.abi,
        functionName: 'transfer',
        args: [option.address, BigInt(option.crypto_amount)],
      });
      await reader.waitForTransactionReceipt({ hash, pollingInterval: 5 });
      const mined = Date.now();
      const isDetected = (d: { event: string; data: { payment?: { id?: string } } }) =>
        d.event === 'payment.detected' && d.data.payment?.id === id;
      await receiver.waitUntil(
        () => receiver!.delivered.some(isDetected),
        TIMEOUT_MS,
        async () => `no payment.detected webhook for ${id}`,
      );
      const arrived = receiver.delivered.find(isDetected)!.at;
      const committed = await outbox.commitAfter(mined, id, 'payment.detected');
      if (i >= WARMUP) {
        webhookMs.push(arrived - mined);
        outboxMs.push(committed - mined);
      }
    }
    const webhook = summary(webhookMs);
    console.log('from the transfer mined (its receipt):');
    console.log(line('payment.detected webhook verified at the receiver', webhookMs));
    console.log(line('baseline: payment.detected outbox row committed', outboxMs));
    console.log(
      `receiver: ${receiver.delivered.length} verified, ${receiver.duplicates} duplicates, ${receiver.rejected.length} refused`,
    );
    const met = webhook.p50 <= TARGET_P50_MS && receiver.rejected.length === 0;
    console.log(`target: webhook p50 <= ${TARGET_P50_MS} ms: ${met ? 'met' : 'MISSED'}`);
    return met ? 0 : 1;
  } finally {
    await outbox.close();
    await receiver?.stop();
    await running.stop();
    await anvil.stop();
    await database.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
