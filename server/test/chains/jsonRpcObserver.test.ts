import { type BlockScanObserver, ChainBackendError } from '@cairn/chain-core';
import {
  createUtxoAdapter,
  createUtxoJsonRpcObserver,
  deriveAccountXpub,
  outputScriptOf,
} from '@cairn/chain-utxo';
import { getChain } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Litecoind, litecoindAvailable, startLitecoind } from '../harness/startLitecoind.js';

// The JSON-RPC block-scan backend against a real litecoind -regtest: tip, headers with parent hashes,
// decoded blocks with exact amounts, the mempool, the verbosity-1 fallback and waitfornewblock.

const chain = getChain('LTC_REGTEST')!;
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe.runIf(litecoindAvailable('JSON-RPC observer'))('JSON-RPC observer on litecoind -regtest', () => {
  let node: Litecoind;
  let observer: BlockScanObserver;
  const wallet = deriveAccountXpub(SEED, 'LTC_REGTEST', 'p2wpkh');
  const target = (index: number) =>
    createUtxoAdapter().deriveDepositTarget({ chain, wallet, index, paymentId: 'p' });

  beforeAll(async () => {
    node = await startLitecoind();
    observer = createUtxoJsonRpcObserver({ chainId: 'LTC_REGTEST', url: node.rpcUrl, decimals: 8 });
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('follows the tip with parent hashes', async () => {
    const tip = await observer.tip();
    expect(tip.height).toBe(await node.height());
    const header = await observer.header(tip.hash);
    expect(header.height).toBe(tip.height);
    expect(header.parentHash).toBe(await observer.blockHashAt(tip.height - 1));
    expect(await observer.blockHashAt(tip.height + 1)).toBeNull();
    expect((await observer.header((await observer.blockHashAt(0))!)).parentHash).toBeNull();
  });

  it('sees a payment in the mempool, then in a block, with the exact amount and scriptPubKey', async () => {
    const { address, matchKey } = target(0);
    expect(matchKey).toBe(outputScriptOf('LTC_REGTEST', address));
    const amount = 123_456_789n;
    const txid = await node.send(address, amount);
    expect(await observer.mempoolTxids()).toContain(txid);
    const inMempool = await observer.mempoolOutputs([txid, 'ff'.repeat(32)]);
    expect(inMempool.filter((o) => o.matchKey === matchKey)).toEqual([
      { txid, index: expect.any(Number), matchKey, amount },
    ]);
    const [hash] = await node.mine(1);
    const block = await observer.block(hash!);
    expect(block.hash).toBe(hash);
    expect(block.parentHash).toBe(await observer.blockHashAt(block.height - 1));
    expect(block.outputs.filter((o) => o.matchKey === matchKey)).toEqual([
      { txid, index: inMempool.find((o) => o.matchKey === matchKey)!.index, matchKey, amount },
    ]);
  });

  it('falls back to getblock verbosity 1 plus getrawtransaction with the same outputs', async () => {
    const { address } = target(1);
    await node.send(address, 5_000_000n);
    const [hash] = await node.mine(1);
    const v1 = createUtxoJsonRpcObserver({
      chainId: 'LTC_REGTEST',
      url: node.rpcUrl,
      decimals: 8,
      blockVerbosity: 1,
    });
    expect(await v1.block(hash!)).toEqual(await observer.block(hash!));
  });

  it('long-polls for a block with waitfornewblock', async () => {
    const started = Date.now();
    await observer.waitForBlock!(300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    const waiting = observer.waitForBlock!(20_000);
    await new Promise((r) => setTimeout(r, 200));
    const mined = Date.now();
    await node.mine(1);
    await waiting;
    expect(Date.now() - mined).toBeLessThan(5_000);
  });

  it('refuses a node on another network than the chain', async () => {
    const mainnet = createUtxoAdapter().createObserver!({
      chain: getChain('LTC')!,
      backend: { kind: 'json-rpc', url: node.rpcUrl },
    });
    await expect(mainnet.tip()).rejects.toThrow(/is on the "regtest" network, not "main"/);
    const regtest = createUtxoAdapter().createObserver!({
      chain,
      backend: { kind: 'json-rpc', url: node.rpcUrl },
    });
    expect((await regtest.tip()).height).toBe(await node.height());
  });

  it('names the backend failure without leaking credentials', async () => {
    const wrong = createUtxoJsonRpcObserver({
      chainId: 'LTC_REGTEST',
      url: node.rpcUrl.replace(/:[^:@/]+@/, ':wrong-password@'),
      decimals: 8,
    });
    const error = await wrong.tip().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainBackendError);
    expect((error as Error).message).toMatch(/refused the credentials/);
    expect((error as Error).message).not.toMatch(/wrong-password|cairn:/);
  });
});
