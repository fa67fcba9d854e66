/**
 * EVM matching benchmark: `pnpm --filter @cairn/server bench:evm-matching`.
 *
 * One EVM block of 1,000 transactions with value and 2,000 USDC `Transfer` logs, decoded from the
 * shape `eth_getBlock` (with transactions) and `eth_getBlockReceipts` answer (`decodeEvmBlock`, what
 * the observer runs) and matched against the watcher's deposit-target index (`DepositTargetIndex`)
 * holding 1,000 and then 1,000,000 open deposit addresses, in alternating rounds so machine noise hits
 * both alike. 10 transactions and 10 logs pay targets. Prints the median per block (decode + match)
 * at each size and their ratio.
 *
 * Targets (issue 13): at most 50 ms per block, ratio at most 1.5. Exit code 1 when missed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { decodeEvmBlock, type EvmBlockTransaction, evmMatchKey, type RpcReceipt } from '@cairn/chain-evm';
import { type Hex, toEventSelector } from 'viem';
import { DepositTargetIndex } from '../src/chains/watchers/DepositTargetIndex.js';

const TRANSACTIONS = 1_000;
const LOGS = 2_000;
const PAYING = 10;
const SMALL = 1_000;
const LARGE = 1_000_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 201);
const TARGET_MS = 50;
const TARGET_RATIO = 1.5;
const TRANSFER = toEventSelector('Transfer(address,address,uint256)');
const USDC = `0x${randomBytes(20).toString('hex')}`;
const BLOCK = `0x${randomBytes(32).toString('hex')}` as Hex;

const address = () => `0x${randomBytes(20).toString('hex')}`;
const hash = () => `0x${randomBytes(32).toString('hex')}` as Hex;
const topic = (a: string) => `0x${'0'.repeat(24)}${a.slice(2)}` as Hex;
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}` as Hex;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function buildIndex(size: number, paying: readonly string[]): DepositTargetIndex {
  const index = new DepositTargetIndex('ETH');
  for (const target of paying) index.add(evmMatchKey(target), randomUUID());
  for (let i = paying.length; i < size; i += 1) index.add(evmMatchKey(address()), randomUUID());
  return index;
}

/** The block's transactions and receipts: 1,000 value transfers, 2,000 USDC logs, 10 + 10 paying targets. */
function buildBlock(paying: readonly string[]): {
  transactions: EvmBlockTransaction[];
  receipts: RpcReceipt[];
} {
  const transactions: EvmBlockTransaction[] = [];
  const receipts: RpcReceipt[] = [];
  let logIndex = 0;
  for (let t = 0; t < TRANSACTIONS; t += 1) {
    const txHash = hash();
    const to = t % 100 === 0 ? paying[t / 100]! : address();
    transactions.push({ hash: txHash, to, value: 10n ** 16n });
    const logs = [0, 1].map((n) => {
      const pays = t % 100 === 50 && n === 0;
      const recipient = pays ? paying[(t - 50) / 100]! : address();
      return {
        address: USDC as Hex,
        topics: [TRANSFER, topic(address()), topic(recipient)],
        data: word(25_000_000n),
        logIndex: `0x${(logIndex++).toString(16)}` as Hex,
        transactionHash: txHash,
      };
    });
    receipts.push({ transactionHash: txHash, blockHash: BLOCK, status: '0x1', to: null, logs });
  }
  return { transactions, receipts };
}

function main(): number {
  console.log(
    `EVM matching benchmark: ${TRANSACTIONS} transactions and ${LOGS} Transfer logs per block, ${ROUNDS} rounds, median per block; node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const paying = Array.from({ length: PAYING }, address);
  const indexes = [buildIndex(SMALL, paying), buildIndex(LARGE, paying)];
  const block = buildBlock(paying);
  const tokens = new Map([[USDC, 'USDC']]);
  const run = (index: DepositTargetIndex) => {
    const decoded = decodeEvmBlock({ hash: BLOCK, chainId: 'ETH', tokens, ...block });
    return index.match(decoded.outputs).length;
  };
  for (let i = 0; i < 20; i += 1) for (const index of indexes) run(index);
  const samples = indexes.map(() => [] as number[]);
  const matched = indexes.map(() => 0);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let k = 0; k < indexes.length; k += 1) {
      const which = round % 2 === 0 ? k : indexes.length - 1 - k;
      const started = performance.now();
      matched[which] = run(indexes[which]!);
      samples[which]!.push(performance.now() - started);
    }
  }
  const [small, large] = samples.map(median) as [number, number];
  const ratio = large / small;
  console.log(
    `  decode + match against ${SMALL.toLocaleString('en')} open targets      ${small.toFixed(3)} ms (${matched[0]} matched)`,
  );
  console.log(
    `  decode + match against ${LARGE.toLocaleString('en')} open targets  ${large.toFixed(3)} ms (${matched[1]} matched)`,
  );
  console.log(`  ratio 1,000,000 / 1,000                          ${ratio.toFixed(2)}`);
  const misses: string[] = [];
  if (matched[0] !== 2 * PAYING || matched[1] !== 2 * PAYING)
    misses.push('the block did not match the expected outputs');
  if (large > TARGET_MS) misses.push(`${large.toFixed(2)} ms > ${TARGET_MS} ms`);
  if (ratio > TARGET_RATIO) misses.push(`ratio ${ratio.toFixed(2)} > ${TARGET_RATIO}`);
  console.log(
    `\ntargets: <= ${TARGET_MS} ms per block, ratio <= ${TARGET_RATIO}: ${misses.length === 0 ? 'met' : `MISSED (${misses.join('; ')})`}`,
  );
  return misses.length === 0 ? 0 : 1;
}

process.exit(main());
