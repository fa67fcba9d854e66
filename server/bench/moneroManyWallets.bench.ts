/**
 * Monero with many merchants: `pnpm --filter @cairn/server bench:monero-wallets`.
 *
 * One gateway watching `monerod --regtest` through a pool of BENCH_WALLETS (default 100)
 * monero-wallet-rpc processes sharing one wallet dir (`CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL` a
 * comma-separated list, as docs/operating/monero.md tells an operator), default poll interval. Two
 * phases on that gateway, each BENCH_SAMPLES payments (default 20):
 *
 * 1. BASELINE: one merchant (its own business, wallet and API key) with an open payment.
 * 2. MEASURED: BENCH_WALLETS merchants, each with an open payment at every moment (a paid one is
 *    replaced by a new one), so every poll asks about every merchant's view-only wallet.
 *
 * A sample: pick a merchant (at random in phase 2), wait a random phase of the poll, pay its open
 * payment from the payer wallet, and time from the transfer returning (the transaction is in the
 * daemon's pool) until the payment's `payment.detected` event row is in the outbox (detection, without
 * webhook delivery; the probe reads every 20 ms). The merchants' wallets are fresh keys made here: only
 * their address and private view key are given to the gateway, as a merchant gives them.
 *
 * Before each phase the bench waits until the gateway has made every merchant's view-only wallet (a
 * `.keys` file each in the wallet dir): making one takes 1-2 s of CPU in the wallet RPC, once per
 * wallet and process, beside the polls (printed apart). New payments are created meanwhile, so the
 * chain must stay offered while a hundred wallets are made.
 *
 * Targets (issue 31): phase 2 p50 <= 5 s and p90 <= 10 s. Exit code 1 when missed. Needs monerod and
 * monero-wallet-rpc (Debian: `monero`) and ~35 MB of memory per wallet RPC; a fresh database on
 * DATABASE_URL when set, else an embedded PostgreSQL.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startGateway } from '../src/app/startGateway.js';
import { seedDevBusiness } from '../src/chains/devChain/seedDevBusiness.js';
import { addWallet } from '../src/domain/wallets/addWallet.js';
import { loadConfig } from '../src/platform/config/loadConfig.js';
import { randomMoneroWallet } from '../test/harness/randomMoneroWallet.js';
import {
  findMonerod,
  findMoneroWalletRpc,
  type MoneroWalletRpcProcess,
  startMonero,
} from '../test/harness/startMonero.js';
import { freshDatabase, line, summary, waitUntilOffered } from './detectionLatencySupport.js';

const WALLETS = Number(process.env.BENCH_WALLETS ?? 100);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const TARGET_P50_MS = 5000;
const TARGET_P90_MS = 10_000;
const DETECTION_TIMEOUT_MS = 120_000;
/** Wallet RPCs started at once: each start loads the daemon briefly. */
const START_BATCH = 10;

interface OpenPayment {
  readonly id: string;
  readonly address: string;
  readonly amount: bigint;
}

async function main(): Promise<number> {
  if (!findMonerod() || !findMoneroWalletRpc()) {
    console.error('monerod and monero-wallet-rpc are needed (Debian: apt-get install monero).');
    return 1;
  }
  const database = await freshDatabase();
  const monero = await startMonero();
  const walletDir = mkdtempSync(join(tmpdir(), 'cairn-bench-xmr-pool-'));
  const pool: MoneroWalletRpcProcess[] = [];
  const db = new pg.Client({ connectionString: database.url });
  let running: Awaited<ReturnType<typeof startGateway>> | undefined;
  try {
    for (let i = 0; i < WALLETS; i += START_BATCH) {
      const batch = Math.min(START_BATCH, WALLETS - i);
      pool.push(
        ...(await Promise.all(Array.from({ length: batch }, () => monero.startWalletRpc({ walletDir })))),
      );
    }
    const config = loadConfig({
      DATABASE_URL: database.url,
      PORT: '0',
      HOST: '127.0.0.1',
      CAIRN_CHAIN_XMR_REGTEST_RPC_URL: monero.daemonUrl,
      CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL: pool.map((p) => p.url).join(','),
      CAIRN_LOG_LEVEL: 'silent',
      ...(process.env.BENCH_POLL_MS ? { CAIRN_CHAIN_XMR_REGTEST_POLL_MS: process.env.BENCH_POLL_MS } : {}),
    });
    running = await startGateway({ config, log: pino({ level: 'silent' }), workers: true });
    const { gateway } = running;
    const address = running.address;
    await db.connect();
    await waitUntilOffered(gateway.chainAvailability, 'XMR_REGTEST');

    /** A merchant: its own business, Monero wallet and API key; returns how to open a payment. */
    const addMerchant = async () => {
      const seed = await seedDevBusiness(gateway);
      await addWallet(gateway.orm.em.fork(), gateway.clock, gateway.chains, {
        businessId: seed.business_id,
        chainId: 'XMR_REGTEST',
        value: randomMoneroWallet(),
      });
      await gateway.orm.em
        .fork()
        .getConnection()
        .execute('update api_keys set allowed_tokens = allowed_tokens || ?::text[] where id = ?', [
          '{XMR_REGTEST:XMR}',
          seed.api_key_id,
        ]);
      const api = async (path: string, body?: unknown) => {
        const response = await fetch(`${address}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${seed.api_key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json = (await response.json()) as { data: { [k: string]: unknown } };
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(json)}`);
        return json.data;
      };
      return async (): Promise<OpenPayment> => {
        const created = await api('/api/v1/payments', { fiat_amount: '25.00', fiat_currency: 'USD' });
        const id = created.id as string;
        const selected = await api(`/api/v1/checkout/${id}/select-chain`, { token: 'XMR_REGTEST:XMR' });
        const option = selected.selected as { address: string; crypto_amount: string };
        return { id, address: option.address, amount: BigInt(option.crypto_amount) };
      };
    };

    const keysFiles = () => readdirSync(walletDir).filter((f) => f.endsWith('.keys')).length;
    /** Waits until the gateway has made `count` view-only wallets; returns how long that took. */
    const walletsMade = async (count: number) => {
      const started = performance.now();
      const deadline = Date.now() + 30 * 60_000;
      while (keysFiles() < count) {
        if (Date.now() > deadline) throw new Error(`only ${keysFiles()} of ${count} view-only wallets made`);
        await new Promise((r) => setTimeout(r, 200));
      }
      // The poll that made the last one reads it too before the next poll starts.
      await new Promise((r) => setTimeout(r, 2 * config.chains.XMR_REGTEST!.pollMs));
      return performance.now() - started;
    };
    const detectedAfter = async (paymentId: string): Promise<number> => {
      const deadline = Date.now() + DETECTION_TIMEOUT_MS;
      for (;;) {
        const { rowCount } = await db.query(
          `select 1 from outbox_events where payment_id = $1 and event = 'payment.detected'`,
          [paymentId],
        );
        if (rowCount) return Date.now();
        if (Date.now() > deadline)
          throw new Error(`${paymentId} not detected within ${DETECTION_TIMEOUT_MS} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    const merchants: { open: () => Promise<OpenPayment>; payment: OpenPayment }[] = [];
    const grow = async (count: number) => {
      while (merchants.length < count) {
        const open = await addMerchant();
        merchants.push({ open, payment: await open() });
      }
      return walletsMade(count);
    };
    const phase = async (pick: () => number) => {
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) {
        const merchant = merchants[pick()]!;
        const { payment } = merchant;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 900));
        await monero.send(payment.address, payment.amount);
        const sent = Date.now();
        times.push((await detectedAfter(payment.id)) - sent);
        merchant.payment = await merchant.open();
      }
      return times;
    };

    console.log(
      `Monero on monerod --regtest, ${WALLETS} wallet RPCs in one pool, watcher poll ${config.chains.XMR_REGTEST!.pollMs} ms, ${SAMPLES} payments per phase; ${database.kind}; node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const madeOne = await grow(1);
    const one = await phase(() => 0);
    const madeMany = await grow(WALLETS);
    const many = await phase(() => Math.floor(Math.random() * merchants.length));
    console.log("detection, from the payer's transfer returning to the payment.detected outbox row:");
    console.log(line('baseline: 1 merchant wallet with an open payment', one));
    console.log(line(`${WALLETS} merchant wallets, each with an open payment`, many));
    const s1 = summary(one);
    const sn = summary(many);
    console.log(
      `  ratio ${WALLETS} / 1: p50 ${(sn.p50 / Math.max(1, s1.p50)).toFixed(2)}, p90 ${(sn.p90 / Math.max(1, s1.p90)).toFixed(2)}`,
    );
    console.log(
      `  making the view-only wallets (once per wallet and process): the first ${Math.round(madeOne)} ms; the other ${WALLETS - 1} ${Math.round(madeMany)} ms`,
    );
    const met = sn.p50 <= TARGET_P50_MS && sn.p90 <= TARGET_P90_MS;
    console.log(
      `target: with ${WALLETS} wallets p50 <= ${TARGET_P50_MS} ms and p90 <= ${TARGET_P90_MS} ms: ${met ? 'met' : 'MISSED'}`,
    );
    return met ? 0 : 1;
  } finally {
    await db.end().catch(() => undefined);
    await running?.stop();
    await Promise.all(pool.map((p) => p.stop()));
    await monero.stop();
    rmSync(walletDir, { recursive: true, force: true });
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
