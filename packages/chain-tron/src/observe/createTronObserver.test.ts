import { type BlockScanObserver, ChainBackendError } from '@cairn/chain-core';
import { CHAINS } from '@cairn/contract';
// The registry's USDT is the fake node's (both mainnet's TR7NH…), checked here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTronNode, startFakeTronNode } from '../../test/index.js';
import { tronMatchKey } from '../tronMatchKey.js';
import { createTronObserver } from './createTronObserver.js';
import { internalTrxIndex, TOP_LEVEL_TRX_INDEX } from './decodeTronBlock.js';

const TARGET = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const OTHER = 'TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM';

let node: FakeTronNode;
let observer: BlockScanObserver;

beforeAll(async () => {
  node = await startFakeTronNode();
  expect(CHAINS.TRON.coins.find((c) => c.symbol === 'USDT')?.contract).toBe(node.usdtContract);
  observer = createTronObserver({
    chain: CHAINS.TRON,
    url: node.url,
    tokens: new Map([[tronMatchKey(node.usdtContract), 'USDT']]),
  });
});
afterAll(() => node.stop());

/** Closes one block and reads it the way the watcher does: blockHashAt then block. */
async function closeAndRead() {
  const [closed] = node.closeBlocks(1);
  const hash = await observer.blockHashAt(closed!.height);
  expect(hash).toBe(closed!.hash);
  return observer.block(hash as string);
}

describe('createTronObserver against the fake full node', () => {
  it('follows the tip and parent links', async () => {
    const tip = await observer.tip();
    expect(tip).toEqual(node.tip());
    const header = await observer.header(tip.hash);
    expect(header.height).toBe(tip.height);
    expect(header.parentHash).toBe(await observer.blockHashAt(tip.height - 1));
    const parent = await observer.header(header.parentHash as string);
    expect(parent.hash).toBe(header.parentHash);
    expect(parent.height).toBe(tip.height - 1);
    expect(await observer.blockHashAt(tip.height + 1)).toBeNull();
    expect((await observer.header((await observer.blockHashAt(0)) as string)).parentHash).toBeNull();
    await expect(observer.header('ff'.repeat(32))).rejects.toBeInstanceOf(ChainBackendError);
  });

  it("names its network by the genesis block's id (chain resets)", async () => {
    const genesis = await observer.blockHashAt(0);
    expect(genesis).toMatch(/^[0-9a-f]{64}$/);
    expect(await observer.networkIdentity!()).toBe(genesis);
    node.closeBlocks(2);
    expect(await observer.networkIdentity!()).toBe(genesis);
  });

  it('credits TRX, USDT from the registry contract and TRX sent from inside a contract', async () => {
    const trx = node.payTrx({ to: TARGET, amountSun: 2_500_000n });
    const usdt = node.payTrc20({ contract: node.usdtContract, to: TARGET, amount: 12_340_000n });
    const internal = node.payInternalTrx({ to: TARGET, amountSun: 7_000_000n });
    const block = await closeAndRead();
    const key = tronMatchKey(TARGET);
    expect(block.outputs).toEqual([
      { txid: trx, index: TOP_LEVEL_TRX_INDEX, matchKey: key, amount: 2_500_000n },
      { txid: usdt, index: 0, matchKey: key, amount: 12_340_000n, coinSymbol: 'USDT' },
      // The relay contract's own call value is also a TRX transfer (to the relay), then the inner one.
      { txid: internal, index: TOP_LEVEL_TRX_INDEX, matchKey: expect.any(String), amount: 7_000_000n },
      { txid: internal, index: internalTrxIndex(0), matchKey: key, amount: 7_000_000n },
    ]);
    expect(block.outputs[2]?.matchKey).not.toBe(key);
    expect(new Set(block.outputs.map((o) => `${o.txid}:${o.index}`)).size).toBe(block.outputs.length);
  });

  it('ignores a look-alike USDT contract, a reverted transfer and a rejected internal transfer', async () => {
    node.payFakeUsdt({ to: TARGET, amount: 50_000_000n });
    node.payTrc20Reverted({ contract: node.usdtContract, to: TARGET, amount: 50_000_000n });
    node.payInternalTrx({ to: TARGET, amountSun: 9_000_000n, rejected: true });
    node.payTrc20({ contract: node.usdtContract, to: OTHER, amount: 1n });
    const block = await closeAndRead();
    expect(block.outputs.filter((o) => o.matchKey === tronMatchKey(TARGET))).toEqual([]);
    expect(block.outputs.filter((o) => o.coinSymbol === 'USDT')).toEqual([
      expect.objectContaining({ matchKey: tronMatchKey(OTHER), amount: 1n }),
    ]);
  });

  it('costs two requests per block with transactions, one without', async () => {
    node.payTrx({ to: TARGET, amountSun: 1n });
    node.requests.length = 0;
    await closeAndRead();
    expect(node.requests).toEqual(['/wallet/getblockbynum', '/wallet/gettransactioninfobyblocknum']);
    node.requests.length = 0;
    const empty = await closeAndRead();
    expect(empty.outputs).toEqual([]);
    expect(node.requests).toEqual(['/wallet/getblockbynum']);
  });

  it('sees a reorg as new hashes at the same heights, the orphaned payment back in the new branch', async () => {
    const txid = node.payTrx({ to: TARGET, amountSun: 4_000_000n });
    const [closed] = node.closeBlocks(1);
    node.reorg(1, { keepTransactions: true });
    expect(await observer.blockHashAt(closed!.height)).not.toBe(closed!.hash);
    const replayed = await closeAndRead();
    expect(replayed.outputs).toEqual([expect.objectContaining({ txid, amount: 4_000_000n })]);
    const header = await observer.header(replayed.hash);
    expect(await observer.blockHashAt(header.height - 1)).toBe(header.parentHash);
  });

  it("fails, for the watcher to retry, when the transaction infos are not the block's", async () => {
    node.payTrx({ to: TARGET, amountSun: 1n });
    const [closed] = node.closeBlocks(1);
    expect(await observer.blockHashAt(closed!.height)).toBe(closed!.hash);
    node.reorg(1, { keepTransactions: false });
    node.payTrx({ to: TARGET, amountSun: 2n });
    node.closeBlocks(1);
    // The old block was read (and is kept) before the reorg; its height now holds another block's infos.
    await expect(observer.block(closed!.hash)).rejects.toThrow(/not those of block/);
  });

  it('reports no mempool', async () => {
    expect(await observer.mempoolTxids()).toEqual([]);
  });
});
