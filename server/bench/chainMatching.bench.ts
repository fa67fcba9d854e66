/**
 * Chain matching benchmark: `pnpm --filter @cairn/server bench:chain-matching`.
 *
 * Matches one block of 5,000 outputs against the watcher's in-memory deposit-target index
 * (DepositTargetIndex, the code the watcher runs) holding 1,000 and then 1,000,000 open deposit
 * addresses, and prints the median time per block at each size and their ratio. The block is the same
 * at both sizes (10 outputs pay a target, the rest do not), so the ratio shows whether the cost grows
 * with the number of open payments. Also measured in the same run: decoding that block from a
 * Bitcoin Core `getblock <hash> 2` answer (amount quoting, JSON.parse, exact amounts), the memory
 * the 1,000,000-target index takes, and how long filling it takes. Both sizes are timed in alternating
 * rounds, so load on the machine hits them alike.
 *
 * Targets: at most 50 ms per block (matching), ratio at most 1.5. Exit code 1 when missed.
 * Run with `--expose-gc` (the package script does) for the memory figure.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { ObservedOutput } from '@cairn/chain-core';
import { decodeRpcTransaction, quoteAmountFields, type RpcTransaction } from '@cairn/chain-utxo';
import { DepositTargetIndex } from '../src/chains/watchers/DepositTargetIndex.js';

const OUTPUTS_PER_BLOCK = 5_000;
const MATCHING_OUTPUTS = 10;
const SMALL = 1_000;
const LARGE = 1_000_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 301);
const TARGET_MS = 50;
const TARGET_RATIO = 1.5;

const gc = (globalThis as { gc?: () => void }).gc;
const p2wpkh = () => `0014${randomBytes(20).toString('hex')}`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function buildIndex(size: number): {
  index: DepositTargetIndex;
  keys: string[];
  ms: number;
  heapBytes?: number;
} {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  // Keys and ids as the database driver hands them over: flat strings, generated before timing.
  const rows = Array.from({ length: size }, () => ({
    key: Buffer.from(p2wpkh()).toString(),
    id: randomUUID(),
  }));
  const index = new DepositTargetIndex('BTC');
  const started = performance.now();
  for (const row of rows) index.add(row.key, row.id);
  const ms = performance.now() - started;
  const keys = rows.slice(0, MATCHING_OUTPUTS).map((r) => r.key);
  rows.length = 0;
  gc?.();
  const heapBytes = gc ? process.memoryUsage().heapUsed - heapBefore : undefined;
  return { index, keys, ms, ...(heapBytes !== undefined ? { heapBytes } : {}) };
}

/** A block as `getblock <hash> 2` prints it: 2,500 two-output transactions, `MATCHING_OUTPUTS` paying `payKeys`. */
function blockJson(payKeys: readonly string[]): string {
  const txs: RpcTransaction[] = [];
  let paid = 0;
  for (let t = 0; t < OUTPUTS_PER_BLOCK / 2; t += 1) {
    const vout = [0, 1].map((n) => {
      const pays = paid < MATCHING_OUTPUTS && t % 250 === 0 && n === 0;
      if (pays) paid += 1;
      return { n, value: '0.31250000', scriptPubKey: { hex: pays ? payKeys[paid - 1]! : p2wpkh() } };
    });
    txs.push({ txid: randomBytes(32).toString('hex'), vout });
  }
  // Bitcoin Core prints amounts as bare numbers; the client quotes them back before parsing.
  return JSON.stringify({
    result: { hash: 'ab'.repeat(32), height: 800_000, tx: txs },
    error: null,
    id: 1,
  }).replaceAll('"value":"0.31250000"', '"value":0.31250000');
}

function decode(json: string): ObservedOutput[] {
  const reply = JSON.parse(quoteAmountFields(json)) as { result: { tx: RpcTransaction[] } };
  return reply.result.tx.flatMap((tx) => decodeRpcTransaction(tx, 8));
}

/** Median time per block of each index, measured in alternating rounds so machine noise hits both alike. */
function timeMatching(
  indexes: readonly DepositTargetIndex[],
  outputs: readonly ObservedOutput[],
): { ms: number; matched: number }[] {
  for (let i = 0; i < 20; i += 1) for (const index of indexes) index.match(outputs);
  const samples = indexes.map(() => [] as number[]);
  const matched = indexes.map(() => 0);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let k = 0; k < indexes.length; k += 1) {
      const which = round % 2 === 0 ? k : indexes.length - 1 - k;
      const started = performance.now();
      matched[which] = indexes[which]!.match(outputs).length;
      samples[which]!.push(performance.now() - started);
    }
  }
  return samples.map((s, k) => ({ ms: median(s), matched: matched[k]! }));
}

function main(): number {
  console.log(
    `chain matching benchmark: ${OUTPUTS_PER_BLOCK} outputs per block, ${ROUNDS} rounds, median per block; node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const small = buildIndex(SMALL);
  const large = buildIndex(LARGE);
  // The same block for both: its paying outputs hit a key present in each index.
  for (const key of small.keys.slice(0, MATCHING_OUTPUTS)) large.index.add(key, randomUUID());
  const json = blockJson(small.keys);

  const decodeSamples: number[] = [];
  let outputs: ObservedOutput[] = [];
  for (let i = 0; i < 31; i += 1) {
    const started = performance.now();
    outputs = decode(json);
    decodeSamples.push(performance.now() - started);
  }
  const [smallRun, largeRun] = timeMatching([small.index, large.index], outputs) as [
    { ms: number; matched: number },
    { ms: number; matched: number },
  ];
  const ratio = largeRun.ms / smallRun.ms;

  console.log(
    `\nblock: ${outputs.length} outputs (${(json.length / 1024 / 1024).toFixed(2)} MB of getblock JSON)`,
  );
  console.log(
    `  decode (quote amounts, JSON.parse, exact amounts)     ${median(decodeSamples).toFixed(2)} ms`,
  );
  console.log(
    `  match against ${SMALL.toLocaleString('en')} open targets              ${smallRun.ms.toFixed(3)} ms  (${smallRun.matched} matched)`,
  );
  console.log(
    `  match against ${LARGE.toLocaleString('en')} open targets          ${largeRun.ms.toFixed(3)} ms  (${largeRun.matched} matched)`,
  );
  console.log(`  ratio 1,000,000 / 1,000                               ${ratio.toFixed(2)}`);
  console.log(
    `\nindex of ${LARGE.toLocaleString('en')} targets: filled in ${(large.ms / 1000).toFixed(2)} s from rows already in memory (the watcher reads them from PostgreSQL once at start, then only new ones)`,
  );
  console.log(
    large.heapBytes === undefined
      ? '  memory: run with node --expose-gc for the figure'
      : `  memory: ${mb(large.heapBytes)} of heap (${(large.heapBytes / LARGE).toFixed(0)} bytes per target)`,
  );

  const misses: string[] = [];
  if (smallRun.matched !== MATCHING_OUTPUTS || largeRun.matched !== MATCHING_OUTPUTS)
    misses.push('the block did not match the expected outputs');
  if (largeRun.ms > TARGET_MS) misses.push(`matching took ${largeRun.ms.toFixed(2)} ms > ${TARGET_MS} ms`);
  if (ratio > TARGET_RATIO) misses.push(`ratio ${ratio.toFixed(2)} > ${TARGET_RATIO}`);
  console.log(
    `\ntargets: <= ${TARGET_MS} ms per block, ratio <= ${TARGET_RATIO}: ${misses.length === 0 ? 'met' : `MISSED (${misses.join('; ')})`}`,
  );
  return misses.length === 0 ? 0 : 1;
}

process.exit(main());
