/**
 * Detection latency on regtest: `pnpm --filter @cairn/server bench:chain-latency`.
 *
 * Starts litecoind -regtest and a gateway configured as an operator would
 * (`CAIRN_CHAIN_LTC_REGTEST_RPC_URL`, default poll interval unless BENCH_POLL_MS, workers and the
 * webhook delivery loop running), gives the API key a webhook endpoint at a real receiver on loopback
 * (`CAIRN_ALLOW_PRIVATE_WEBHOOKS=true`; the receiver verifies every delivery with
 * `@cairn/webhook-verifier` and deduplicates on id, as a merchant's would), then for BENCH_SAMPLES
 * payments (default 30, after BENCH_WARMUP = 2 not counted): create, select LTC_REGTEST, call
 * `sendtoaddress`, and time:
 *
 * - MEASURED (the target): from `sendtoaddress` returning (the transaction is in the node's mempool)
 *   to the `payment.detected` webhook arriving, verified, at the receiver;
 * - BASELINE, same payments: from `sendtoaddress` returning to the `payment.detected` outbox row
 *   committing (the outbox trigger's NOTIFY, seen on a LISTEN connection): detection without
 *   delivery. The difference is what delivery adds; the ratio is printed. Times are whole
 *   milliseconds (`Date.now()` on both sides, in this one process), so a difference is +-1 ms.
 *
 * Every 10 payments a block is mined and the bench waits until every event so far was delivered, so
 * the confirming webhooks do not overlap a measurement.
 *
 * Target: p50 <= 1 s for the webhook. Exit code 1 when missed. Needs litecoind; a fresh database on
 * DATABASE_URL when set, else an embedded PostgreSQL in a temp folder.
 */
import { cpus, loadavg } from 'node:os';
import pino from 'pino';
import { startGateway } from '../src/app/startGateway.js';
import { seedDevBusiness } from '../src/chains/devChain/seedDevBusiness.js';
import { loadConfig } from '../src/platform/config/loadConfig.js';
import {
  attachWebhookReceiver,
  WEBHOOK_RECEIVER_ENV,
  type WebhookReceiver,
} from '../test/chains/attachWebhookReceiver.js';
import { findLitecoind, startLitecoind } from '../test/harness/startLitecoind.js';
import {
  freshDatabase,
  line,
  startOutboxProbe,
  summary,
  waitUntilOffered,
} from './detectionLatencySupport.js';
import { measureDetection } from './measureDetection.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const TARGET_P50_MS = 1000;

async function main(): Promise<number> {
  if (!findLitecoind()) {
    console.error(
      'litecoind is not installed (Debian: apt-get install litecoind): cannot measure detection latency.',
    );
    return 1;
  }
  const database = await freshDatabase();
  const node = await startLitecoind();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    CAIRN_ENABLED_CHAINS: 'LTC_REGTEST',
    CAIRN_CHAIN_LTC_REGTEST_RPC_URL: node.rpcUrl,
    CAIRN_LOG_LEVEL: 'silent',
    ...WEBHOOK_RECEIVER_ENV,
    ...(process.env.BENCH_POLL_MS ? { CAIRN_CHAIN_LTC_REGTEST_POLL_MS: process.env.BENCH_POLL_MS } : {}),
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
      return { status: response.status, data: json.data };
    };
    console.log(
      `detection latency on litecoind -regtest: ${SAMPLES} payments (+${WARMUP} warm-up), watcher poll ${config.chains.LTC_REGTEST!.pollMs} ms; ${database.kind}; node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    await waitUntilOffered(running.gateway.chainAvailability, 'LTC_REGTEST');
    const samples = await measureDetection(
      { ...node, token: 'LTC_REGTEST:LTC' },
      { api, receiver, outbox, databaseUrl: database.url, samples: SAMPLES, warmup: WARMUP },
    );
    const webhook = summary(samples.map((s) => s.webhookMs));
    const committed = summary(samples.map((s) => s.outboxMs));
    const added = summary(samples.map((s) => s.webhookMs - s.outboxMs));
    console.log('from sendtoaddress returning:');
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
        'delivery (webhook minus commit, per payment)',
        samples.map((s) => s.webhookMs - s.outboxMs),
      ),
    );
    console.log(
      line(
        '(not included: sendtoaddress itself)',
        samples.map((s) => s.sendMs),
      ),
    );
    console.log(
      `ratio webhook / outbox commit: p50 ${(webhook.p50 / committed.p50).toFixed(2)}; delivery adds p50 ${added.p50} ms; ` +
        `receiver: ${receiver.delivered.length} verified, ${receiver.duplicates} duplicates, ${receiver.rejected.length} refused`,
    );
    const met = webhook.p50 <= TARGET_P50_MS && receiver.rejected.length === 0;
    console.log(`target: webhook p50 <= ${TARGET_P50_MS} ms: ${met ? 'met' : 'MISSED'}`);
    return met ? 0 : 1;
  } finally {
    await outbox.close();
    await receiver?.stop();
    await running.stop();
    await node.stop();
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
