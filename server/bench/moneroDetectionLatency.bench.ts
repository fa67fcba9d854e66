/**
 * Monero on regtest: `pnpm --filter @cairn/server bench:monero`.
 *
 * Starts monerod --regtest with a payer wallet (test/harness/startMonero.ts), the merchant's full
 * wallet in its own monero-wallet-rpc, the gateway's monero-wallet-rpc, and a gateway configured as an
 * operator would (`CAIRN_CHAIN_XMR_REGTEST_RPC_URL` and `_WALLET_RPC_URL`, default poll interval unless
 * BENCH_POLL_MS, workers and webhook delivery running; the merchant's primary address and view key as
 * the XMR_REGTEST wallet). Two measurements:
 *
 * 1. Detection latency, for BENCH_SAMPLES payments (default 20, after BENCH_WARMUP = 2): create,
 *    select XMR_REGTEST, `transfer` from the payer, and time from the transfer returning (the
 *    transaction is in the daemon's pool) to the `payment.detected` webhook arriving, verified, at a
 *    real receiver (MEASURED; target p50 <= 2 s), against the `payment.detected` outbox row committing
 *    (BASELINE: detection without delivery).
 * 2. The wallet RPC's cost of open subaddresses: one observer poll (`targetActivity`: refresh,
 *    `get_transfers` for the watched subaddresses, the daemon lookup of what it lists; a block is
 *    mined before each, outside the timing, since a poll on an unchanged chain reuses its last
 *    reading) with 1,000 open
 *    deposit targets (10 of them paid), against the same poll with 1 target, in a wallet RPC of its
 *    own; BENCH_POLLS polls each (default 15), medians and their ratio. The first poll of the 1,000,
 *    which creates the subaddresses in the view-only wallet, is printed apart.
 *
 * Exit code 1 when the latency target is missed. Needs monerod and monero-wallet-rpc (Debian:
 * `monero`); a fresh database on DATABASE_URL when set, else an embedded PostgreSQL.
 */
import { cpus, loadavg } from 'node:os';
import type { PolledTarget } from '@cairn/chain-core';
import { createMoneroAdapter, createMoneroObserver } from '@cairn/chain-monero';
import { getChain } from '@cairn/contract';
import pino from 'pino';
import { startGateway } from '../src/app/startGateway.js';
import { seedDevBusiness } from '../src/chains/devChain/seedDevBusiness.js';
import { addWallet } from '../src/domain/wallets/addWallet.js';
import { loadConfig } from '../src/platform/config/loadConfig.js';
import {
  attachWebhookReceiver,
  WEBHOOK_RECEIVER_ENV,
  type WebhookReceiver,
} from '../test/chains/attachWebhookReceiver.js';
import { findMonerod, findMoneroWalletRpc, type Monero, startMonero } from '../test/harness/startMonero.js';
import {
  freshDatabase,
  line,
  startOutboxProbe,
  summary,
  waitUntilOffered,
} from './detectionLatencySupport.js';
import { measureDetection } from './measureDetection.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const POLLS = Number(process.env.BENCH_POLLS ?? 15);
const OPEN_TARGETS = 1000;
const PAID_TARGETS = 10;
const TARGET_P50_MS = 2000;

const median = (values: readonly number[]) => summary(values).p50;

/** A fresh full wallet in `rpc`: its primary address and private view key, as a merchant gives them. */
async function merchantWallet(monero: Monero, filename: string) {
  const process = await monero.startWalletRpc();
  await process.rpc.createWallet({ filename });
  const address = (await process.rpc.getAddress(0)).address;
  const viewKey = await process.rpc.queryKey('view_key');
  return { process, value: `${address}:${viewKey}` };
}

/** Measurement 2: the cost of one observer poll with 1,000 open subaddresses against 1. */
async function subaddressCost(monero: Monero): Promise<void> {
  const chain = getChain('XMR_REGTEST')!;
  const walletRpc = await monero.startWalletRpc();
  try {
    const targetsOf = (wallet: string, count: number): PolledTarget[] =>
      Array.from({ length: count }, (_, index) => {
        const { address, matchKey } = createMoneroAdapter().deriveDepositTarget({
          chain,
          wallet,
          index,
          paymentId: '',
        });
        return { address, matchKey: matchKey ?? address, wallet: { value: wallet, index } };
      });
    const small = await merchantWallet(monero, 'small');
    const large = await merchantWallet(monero, 'large');
    await small.process.stop();
    await large.process.stop();
    const one = targetsOf(small.value, 1);
    const many = targetsOf(large.value, OPEN_TARGETS);
    // Ten of the thousand are paid: five mined, five in the pool.
    for (let i = 0; i < PAID_TARGETS; i += 1) {
      await monero.send(many[i * 97]!.address, 1_000_000_000n + BigInt(i));
      if (i === PAID_TARGETS / 2 - 1) await monero.mine(1);
    }
    const poll = async (targets: readonly PolledTarget[]) => {
      // A fresh observer per wallet: each keeps the open wallet in memory, as the watcher's does.
      const observer = createMoneroObserver({
        chainId: chain.id,
        daemonUrl: monero.daemonUrl,
        walletRpcUrls: [walletRpc.url],
      });
      // The first reading: the wallet is made and opened beside the polls, which report it unread
      // meanwhile.
      const first = performance.now();
      let firstActivity = await observer.targetActivity(targets);
      while (firstActivity.unread.length > 0) {
        await new Promise((r) => setTimeout(r, 20));
        firstActivity = await observer.targetActivity(targets);
      }
      const firstMs = performance.now() - first;
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < POLLS; i += 1) {
        // A new block (mined outside the timing) so that the poll reads the wallet: on an unchanged
        // tip and pool it reuses its last reading and asks no wallet RPC.
        await monero.mine(1);
        const started = performance.now();
        found = (await observer.targetActivity(targets)).activity.length;
        times.push(performance.now() - started);
      }
      return { firstMs, firstFound: firstActivity.activity.length, times, found };
    };
    // Alternate so drift on a noisy machine hits both: one, many, one, many.
    const oneRuns = [await poll(one)];
    const manyRuns = [await poll(many)];
    oneRuns.push(await poll(one));
    manyRuns.push(await poll(many));
    const oneTimes = oneRuns.flatMap((r) => r.times.map(Math.round));
    const manyTimes = manyRuns.flatMap((r) => r.times.map(Math.round));
    console.log(
      `open subaddresses: one observer poll (refresh + get_transfers + daemon lookup), ${POLLS * 2} polls each:`,
    );
    console.log(line('baseline: 1 open deposit target', oneTimes));
    console.log(line(`${OPEN_TARGETS} open deposit targets (${PAID_TARGETS} paid)`, manyTimes));
    console.log(
      `  first reading of the ${OPEN_TARGETS} (makes the view-only wallet and ${OPEN_TARGETS} subaddresses, beside the polls): ${Math.round(manyRuns[0]!.firstMs)} ms; found ${manyRuns[0]!.firstFound} of ${PAID_TARGETS} paid`,
    );
    console.log(`  ratio ${OPEN_TARGETS} / 1, medians: ${(median(manyTimes) / median(oneTimes)).toFixed(2)}`);
    if (manyRuns.some((r) => r.found !== PAID_TARGETS))
      throw new Error('the observer did not find every paid target');
  } finally {
    await walletRpc.stop();
  }
}

async function main(): Promise<number> {
  if (!findMonerod() || !findMoneroWalletRpc()) {
    console.error('monerod and monero-wallet-rpc are needed (Debian: apt-get install monero).');
    return 1;
  }
  const database = await freshDatabase();
  const monero = await startMonero();
  const merchant = await merchantWallet(monero, 'merchant');
  const gatewayWallets = await monero.startWalletRpc();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    CAIRN_CHAIN_XMR_REGTEST_RPC_URL: monero.daemonUrl,
    CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL: gatewayWallets.url,
    CAIRN_LOG_LEVEL: 'silent',
    ...WEBHOOK_RECEIVER_ENV,
    ...(process.env.BENCH_POLL_MS ? { CAIRN_CHAIN_XMR_REGTEST_POLL_MS: process.env.BENCH_POLL_MS } : {}),
  };
  const config = loadConfig(env);
  const running = await startGateway({ config, log: pino({ level: 'silent' }), workers: true });
  let receiver: WebhookReceiver | undefined;
  const outbox = await startOutboxProbe(database.url);
  try {
    const seed = await seedDevBusiness(running.gateway);
    const { gateway } = running;
    await addWallet(gateway.orm.em.fork(), gateway.clock, gateway.chains, {
      businessId: seed.business_id,
      chainId: 'XMR_REGTEST',
      value: merchant.value,
    });
    await gateway.orm.em
      .fork()
      .getConnection()
      .execute('update api_keys set allowed_tokens = allowed_tokens || ?::text[] where id = ?', [
        '{XMR_REGTEST:XMR}',
        seed.api_key_id,
      ]);
    receiver = await attachWebhookReceiver(running, seed.api_key_id);
    const api = async (path: string, body?: unknown) => {
      const response = await fetch(`${running.address}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seed.api_key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { data: { [k: string]: unknown } };
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(json)}`);
      return { status: response.status, data: json.data };
    };
    await waitUntilOffered(gateway.chainAvailability, 'XMR_REGTEST');
    console.log(
      `Monero on monerod --regtest: ${SAMPLES} payments (+${WARMUP} warm-up), watcher poll ${config.chains.XMR_REGTEST!.pollMs} ms; ${database.kind}; node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const samples = await measureDetection(
      {
        token: 'XMR_REGTEST:XMR',
        send: (address, amount) => monero.send(address, amount),
        mine: (n) => monero.mine(n),
      },
      { api, receiver, outbox, databaseUrl: database.url, samples: SAMPLES, warmup: WARMUP },
    );
    const webhook = summary(samples.map((s) => s.webhookMs));
    const committed = summary(samples.map((s) => s.outboxMs));
    console.log("from the payer's transfer returning:");
    console.log(
      line(
        'payment.detected webhook verified at the receiver',
        samples.map((s) => s.webhookMs),
      ),
    );
    console.log(
      line(
        'baseline: payment.detected outbox row committed',
        samples.map((s) => s.outboxMs),
      ),
    );
    console.log(
      line(
        '(not included: the transfer call itself)',
        samples.map((s) => s.sendMs),
      ),
    );
    console.log(
      line(
        'webhook, from the transfer call starting',
        samples.map((s) => s.sendMs + s.webhookMs),
      ),
    );
    console.log(
      '  (a negative time above: the webhook came before the transfer call returned; the wallet RPC relays, then answers)',
    );
    console.log(
      `ratio webhook / outbox commit: p50 ${(webhook.p50 / Math.max(1, committed.p50)).toFixed(2)}; receiver: ${receiver.delivered.length} verified, ${receiver.duplicates} duplicates, ${receiver.rejected.length} refused`,
    );
    const met = webhook.p50 <= TARGET_P50_MS && receiver.rejected.length === 0;
    console.log(`target: webhook p50 <= ${TARGET_P50_MS} ms: ${met ? 'met' : 'MISSED'}`);
    await subaddressCost(monero);
    return met ? 0 : 1;
  } finally {
    await outbox.close();
    await receiver?.stop();
    await running.stop();
    await monero.stop();
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
