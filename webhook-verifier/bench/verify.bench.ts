/**
 * Verifications per second of `@cairn/webhook-verifier` against `stripe` (same `t=,v1=` HMAC-SHA256
 * scheme) and `standardwebhooks` (its own headers and scheme), for 1 KB and 16 KB JSON events, with
 * the body as a string and as a Buffer (what `express.raw()` hands over). Our WebCrypto verifier runs
 * as an extra row.
 *
 * Every task is a full verification: header parsing, tolerance check, HMAC, constant-time compare and
 * JSON.parse. The whole bench runs ROUNDS times with the tasks interleaved; each row reports the
 * median over rounds of tinybench's median ops/s, and the relative margin of error of the mean.
 *
 * Run: `pnpm --filter @cairn/webhook-verifier bench` (not a test; about 45 s).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { Bench } from 'tinybench';
import { signWebhook, verifyWebhook } from '../src/index.js';
import { verifyWebhook as verifyWebhookWeb } from '../src/web.js';

const ROUNDS = 5;
const TASK_TIME_MS = 400;
const WARMUP_MS = 150;
const SIZES = [1024, 16 * 1024];
const KINDS = ['string', 'Buffer'] as const;
const TARGET_VS_STRIPE = 1.0;

// One random secret for everyone: used whole as the HMAC key by us and stripe; standardwebhooks
// base64-decodes what follows `whsec_`.
const secret = `whsec_${randomBytes(24).toString('base64')}`;
const stripe = new Stripe('sk_test_x');
const standard = new Webhook(secret);

/** A compact JSON event of exactly `size` bytes, shaped like a Cairn delivery. */
function eventOfSize(size: number): string {
  const data: Record<string, unknown> = {
    id: `pay_${randomUUID()}`,
    status: 'confirmed',
    amount: '125.00',
    currency: 'USDC',
    chain: 'base',
    tx_hash: `0x${randomBytes(32).toString('hex')}`,
    metadata: { order_id: 'ord_1234', customer: 'cus_5678' },
    history: [] as string[],
  };
  const event = {
    id: `evt_${randomUUID()}`,
    event: 'payment.confirmed',
    created_at: new Date().toISOString(),
    data,
  };
  const history = data.history as string[];
  while (JSON.stringify(event).length < size - 80) history.push(randomBytes(16).toString('hex'));
  data.padding = '';
  data.padding = 'x'.repeat(size - JSON.stringify(event).length);
  const text = JSON.stringify(event);
  if (text.length !== size) throw new Error(`payload is ${text.length} bytes, wanted ${size}`);
  return text;
}

interface Row {
  size: number;
  kind: (typeof KINDS)[number];
  library: string;
  opsPerRound: number[];
  rmePerRound: number[];
}

type Case = { name: string; fn: () => unknown; row: Row };

const cases: Case[] = [];
for (const size of SIZES) {
  const text = eventOfSize(size);
  const now = new Date();
  const t = Math.floor(+now / 1000);
  const ourHeader = signWebhook({ payload: text, secret, timestamp: t });
  const stripeHeader = stripe.webhooks.generateTestHeaderString({ payload: text, secret, timestamp: t });
  const msgId = `msg_${randomUUID()}`;
  const standardHeaders = {
    'webhook-id': msgId,
    'webhook-timestamp': String(t),
    'webhook-signature': standard.sign(msgId, now, text),
  };
  for (const kind of KINDS) {
    const body = kind === 'string' ? text : Buffer.from(text);
    const tasks: [string, () => unknown][] = [
      ['@cairn/webhook-verifier', () => verifyWebhook({ payload: body, header: ourHeader, secret })],
      ['stripe', () => stripe.webhooks.constructEvent(body, stripeHeader, secret)],
      ['standardwebhooks', () => standard.verify(body, standardHeaders)],
      [
        '@cairn/webhook-verifier/web (async)',
        () => verifyWebhookWeb({ payload: body, header: ourHeader, secret }),
      ],
    ];
    for (const [library, fn] of tasks) {
      const name = `${library} | ${size / 1024} KB ${kind}`;
      cases.push({ name, fn, row: { size, kind, library, opsPerRound: [], rmePerRound: [] } });
    }
  }
}

// Sanity check before timing: every verifier accepts its input and returns the event.
for (const { name, fn } of cases) {
  const event = (await fn()) as { id?: string } | undefined;
  if (!event?.id?.startsWith('evt_')) throw new Error(`${name} did not return the event`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const started = performance.now();
for (let round = 1; round <= ROUNDS; round++) {
  // A fresh Bench per round (results are per run); rotate the order so no library always runs first.
  const bench = new Bench({ time: TASK_TIME_MS, warmupTime: WARMUP_MS, iterations: 200, throws: true });
  const order = [...cases.slice(round - 1), ...cases.slice(0, round - 1)];
  for (const { name, fn } of order) bench.add(name, fn);
  await bench.run();
  for (const task of bench.tasks) {
    const { result } = task;
    if (result.state !== 'completed') throw new Error(`${task.name}: ${result.state}`);
    const { row } = cases.find((c) => c.name === task.name)!;
    row.opsPerRound.push(result.throughput.p50);
    row.rmePerRound.push(result.latency.rme);
  }
  console.error(`round ${round}/${ROUNDS} done (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

const opsOf = (size: number, kind: string, library: string) =>
  median(
    cases.find(({ row }) => row.size === size && row.kind === kind && row.library === library)!.row
      .opsPerRound,
  );

console.log(
  `\nWebhook verification, ops/s (median of ${ROUNDS} rounds of tinybench medians; Node ${process.version}, ${process.arch})`,
);
console.table(
  cases.map(({ name, row }) => ({
    task: name,
    'median ops/s': Math.round(median(row.opsPerRound)).toLocaleString('en-US'),
    'rme (mean)': `±${median(row.rmePerRound).toFixed(2)}%`,
    'rounds (ops/s)': row.opsPerRound.map((ops) => Math.round(ops)).join(' / '),
  })),
);

let targetMet = true;
const ratios = [];
for (const size of SIZES) {
  for (const kind of KINDS) {
    const ours = opsOf(size, kind, '@cairn/webhook-verifier');
    const vsStripe = ours / opsOf(size, kind, 'stripe');
    const vsStandard = ours / opsOf(size, kind, 'standardwebhooks');
    const webVsStripe =
      opsOf(size, kind, '@cairn/webhook-verifier/web (async)') / opsOf(size, kind, 'stripe');
    if (vsStripe < TARGET_VS_STRIPE) targetMet = false;
    ratios.push({
      payload: `${size / 1024} KB ${kind}`,
      'ours / stripe': `${vsStripe.toFixed(2)}x`,
      'ours / standardwebhooks': `${vsStandard.toFixed(2)}x`,
      'ours web (async) / stripe': `${webVsStripe.toFixed(2)}x`,
    });
  }
}
console.table(ratios);
console.log(
  `Target (ours >= ${TARGET_VS_STRIPE.toFixed(1)}x stripe at 1 KB and 16 KB): ${targetMet ? 'MET' : 'NOT MET'}`,
);
console.log(`Total time ${((performance.now() - started) / 1000).toFixed(1)} s`);
