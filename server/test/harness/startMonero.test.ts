import { existsSync } from 'node:fs';
import { MoneroRpcError, MoneroRpcTransportError, type MoneroTransfer } from '@cairn/chain-monero';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Monero, type MoneroWalletRpcProcess, moneroAvailable, startMonero } from './startMonero.js';

// What a Monero gateway can rely on, proven against monerod / monero-wallet-rpc 0.18.0.0 in regtest:
// a merchant's view-only wallet (primary address + private view key, no spend key) sees a payment to
// one of its subaddresses in the pool as soon as the payer's `transfer` returns, then in a block after
// a `refresh`; and after a block is popped the wallet keeps reporting what it scanned until the chain
// moves on or it rescans, so a watcher must verify against the daemon (docs/operating/monero.md).

const available = moneroAvailable('Monero regtest harness');

/** Polls `read` every `intervalMs` until `done` holds; resolves with the value and the time taken. */
async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  { intervalMs = 100, timeoutMs = 20_000 } = {},
): Promise<{ value: T; ms: number; polls: number }> {
  const started = performance.now();
  for (let polls = 1; ; polls++) {
    const value = await read();
    if (done(value)) return { value, ms: Math.round(performance.now() - started), polls };
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

describe.runIf(available)('startMonero (monerod + monero-wallet-rpc regtest)', () => {
  let monero: Monero;
  /** One extra wallet RPC: the merchant's full wallet is created in it, closed, then the view-only one. */
  let shop: MoneroWalletRpcProcess;
  let primaryAddress: string;
  let viewKey: string;
  /** The merchant's subaddresses 0..250 of account 0, as the full wallet derived them. */
  let subaddresses: string[];

  const viewWallet = () => shop.rpc;
  const incoming = async (minor: number): Promise<MoneroTransfer[]> => {
    const transfers = await viewWallet().getTransfers({ in: true, pool: true, subaddrIndices: [minor] });
    return [...transfers.pool, ...transfers.in];
  };

  beforeAll(async () => {
    const started = performance.now();
    monero = await startMonero();
    console.log(
      `startMonero: daemon + payer with 160 blocks in ${Math.round(performance.now() - started)} ms`,
    );
    shop = await monero.startWalletRpc();
    await shop.rpc.createWallet({ filename: 'shop-full' });
    primaryAddress = (await shop.rpc.getAddress(0)).address;
    viewKey = await shop.rpc.queryKey('view_key');
    subaddresses = [primaryAddress];
    // create_address takes at most 64 at a time on 0.18.0.0 (-1 "Count must be between 1 and 64.").
    await expect(shop.rpc.createAddress(0, 65)).rejects.toMatchObject({ rpcCode: -1 });
    for (const count of [64, 64, 64, 58]) {
      const created = await shop.rpc.createAddress(0, count);
      expect(created.addressIndices[0]).toBe(subaddresses.length);
      subaddresses.push(...created.addresses);
    }
    expect(subaddresses).toHaveLength(251);
    await shop.rpc.closeWallet();
    const restored = await shop.rpc.generateFromKeys({
      filename: 'shop-view',
      address: primaryAddress,
      viewKey,
      restoreHeight: await monero.height(),
    });
    expect(restored).toEqual({
      address: primaryAddress,
      info: 'Watch-only wallet has been generated successfully.',
    });
    // Observations below follow explicit refreshes only, never the 20 s background one.
    await shop.rpc.autoRefresh(false);
  });

  afterAll(async () => {
    await monero?.stop();
  });

  it('runs a regtest daemon whose headers chain, and a payer that can spend', async () => {
    const info = await monero.daemon.getInfo();
    expect(info).toMatchObject({ nettype: 'fakechain', status: 'OK', offline: true, synchronized: true });
    expect(info.version).toMatch(/^0\.18\./);
    const tip = await monero.height();
    expect(tip).toBe(info.height - 1);
    expect(tip).toBe(160);
    const last = await monero.daemon.getLastBlockHeader();
    expect(last).toMatchObject({ height: tip, hash: info.topBlockHash, depth: 0, orphan: false });
    expect(typeof last.reward).toBe('bigint');
    expect(await monero.daemon.getBlockHeaderByHeight(tip)).toEqual(last);
    expect(await monero.daemon.getBlockHeaderByHash(last.hash)).toEqual(last);
    const range = await monero.daemon.getBlockHeadersRange(tip - 4, tip);
    expect(range.map((h) => h.height)).toEqual([tip - 4, tip - 3, tip - 2, tip - 1, tip]);
    for (let i = 1; i < range.length; i++) expect(range[i]!.prevHash).toBe(range[i - 1]!.hash);
    const above = await monero.daemon.getBlockHeaderByHeight(tip + 1).catch((e: unknown) => e);
    expect(above).toBeInstanceOf(MoneroRpcError);
    expect(above).toMatchObject({ rpcCode: -2, method: 'get_block_header_by_height' });

    const balance = await monero.payer.getBalance();
    expect(balance.unlockedBalance).toBeGreaterThan(0n);
    expect(balance.balance).toBe(balance.perSubaddress[0]!.balance);
  });

  it('gives a view-only wallet that cannot spend and creates subaddresses in order', async () => {
    expect(await viewWallet().queryKey('view_key')).toBe(viewKey);
    await expect(viewWallet().queryKey('spend_key')).rejects.toMatchObject({
      name: 'MoneroRpcError',
      rpcCode: -29,
      rpcMessage: 'The wallet is watch-only. Cannot retrieve spend key.',
    });
    await expect(viewWallet().queryKey('mnemonic')).rejects.toBeInstanceOf(MoneroRpcError);
    // 0.18.0.0 takes `count`; a fresh wallet's next index is 1 (0 is the primary address).
    const one = await viewWallet().createAddress(0);
    expect(one).toEqual({
      address: subaddresses[1],
      addressIndex: 1,
      addresses: [subaddresses[1]],
      addressIndices: [1],
    });
    const three = await viewWallet().createAddress(0, 3, 'payment');
    expect(three.addressIndices).toEqual([2, 3, 4]);
    expect(three.addresses).toEqual(subaddresses.slice(2, 5));
    const listed = await viewWallet().getAddress(0, [0, 4]);
    expect(listed.address).toBe(primaryAddress);
    expect(listed.addresses).toEqual([
      { address: primaryAddress, addressIndex: 0, label: 'Primary account', used: false },
      { address: subaddresses[4], addressIndex: 4, label: 'payment', used: false },
    ]);
    // 0.18.0.0 has no set_subaddress_lookahead.
    await expect(
      viewWallet().client.call('set_subaddress_lookahead', { major_idx: 1, minor_idx: 500 }),
    ).rejects.toMatchObject({
      rpcCode: -32601,
    });
  });

  let paid: { txid: string; height: number };
  const AMOUNT = 1_234_567_890_123n;

  it('sees a send to a subaddress in the pool at once, then in a block after mine + refresh', async () => {
    const txid = await monero.send(subaddresses[1]!, AMOUNT);
    const seen = await pollUntil(
      () => incoming(1),
      (list) => list.some((t) => t.txid === txid),
      'the pool transfer',
      {
        intervalMs: 100,
      },
    );
    console.log(
      `view-only wallet listed the pool transfer ${seen.ms} ms after send returned ` +
        `(poll ${seen.polls}, every 100 ms; one get_transfers with pool: true is the ms on poll 1)`,
    );
    expect(seen.value).toHaveLength(1);
    const pooled = seen.value[0]!;
    expect(pooled).toMatchObject({
      type: 'pool',
      txid,
      amount: AMOUNT,
      amounts: [AMOUNT],
      height: 0,
      confirmations: 0,
      subaddrIndex: { major: 0, minor: 1 },
      subaddrIndices: [{ major: 0, minor: 1 }],
      address: subaddresses[1],
      unlockTime: 0n,
      doubleSpendSeen: false,
      locked: true,
    });
    expect(typeof pooled.fee).toBe('bigint');
    expect(pooled.fee).toBeGreaterThan(0n);
    // The daemon agrees.
    expect(await monero.daemon.getTransactionPoolHashes()).toContain(txid);
    const pool = await monero.daemon.getTransactionPool();
    expect(pool.find((t) => t.txHash === txid)).toMatchObject({
      fee: pooled.fee,
      keptByBlock: false,
      relayed: true,
    });
    const inPool = await monero.daemon.getTransactions([txid]);
    expect(inPool).toEqual({
      found: [
        {
          txHash: txid,
          inPool: true,
          blockHeight: undefined,
          blockTimestamp: undefined,
          confirmations: 0,
          doubleSpendSeen: false,
          asHex: undefined,
        },
      ],
      missed: [],
    });

    const [blockHash] = await monero.mine(1);
    const height = await monero.height();
    // Until the wallet refreshes it still reports the transfer as in the pool (observed on 0.18.0.0).
    expect((await incoming(1)).map((t) => t.type)).toEqual(['pool']);
    let started = performance.now();
    const refreshed = await viewWallet().refresh();
    console.log(`refresh of 1 new block took ${Math.round(performance.now() - started)} ms`);
    // The view wallet was restored at the tip before this test's block: it fetches that one too.
    expect(refreshed.receivedMoney).toBe(true);
    expect(refreshed.blocksFetched).toBeGreaterThanOrEqual(1);
    const [mined] = await incoming(1);
    expect(mined).toMatchObject({ type: 'in', txid, amount: AMOUNT, height, confirmations: 1, locked: true });
    expect(await viewWallet().getHeight()).toBe(height + 1);
    const inBlock = await monero.daemon.getTransactions([txid]);
    expect(inBlock.found[0]).toMatchObject({ inPool: false, blockHeight: height, confirmations: 1 });
    expect((await monero.daemon.getLastBlockHeader()).hash).toBe(blockHash);

    const outputs = await viewWallet().incomingTransfers({ subaddrIndices: [1] });
    expect(outputs).toEqual([
      expect.objectContaining({
        txHash: txid,
        amount: AMOUNT,
        blockHeight: height,
        spent: false,
        keyImage: '',
      }),
    ]);
    const balance = await viewWallet().getBalance(0, [1]);
    expect(balance.balance).toBe(AMOUNT);
    expect(balance.unlockedBalance).toBe(0n);

    // A no-op refresh, to compare.
    started = performance.now();
    expect(await viewWallet().refresh()).toEqual({ blocksFetched: 0, receivedMoney: false });
    console.log(`refresh with no new block took ${Math.round(performance.now() - started)} ms`);
    paid = { txid, height };
  });

  it('after pop_blocks + flush_txpool the wallet keeps the transfer until it rescans', async () => {
    const { txid, height } = paid;
    expect(await monero.popBlocks(1)).toBe(height - 1);
    expect(await monero.height()).toBe(height - 1);
    // The popped block's transaction is back in the daemon's pool, marked kept_by_block.
    const back = await monero.daemon.getTransactions([txid]);
    expect(back.found[0]).toMatchObject({ inPool: true, confirmations: 0 });
    expect((await monero.daemon.getTransactionPool()).find((t) => t.txHash === txid)).toMatchObject({
      keptByBlock: true,
    });
    // The wallet does not notice: nothing new to fetch, the transfer stays in a block that is gone.
    expect(await viewWallet().refresh()).toEqual({ blocksFetched: 0, receivedMoney: false });
    expect(await incoming(1)).toEqual([
      expect.objectContaining({ type: 'in', txid, height, confirmations: 1 }),
    ]);
    expect(await viewWallet().getHeight()).toBe(height + 1);

    await monero.flushTxpool();
    expect(await monero.daemon.getTransactions([txid])).toEqual({ found: [], missed: [txid] });
    expect(await monero.daemon.getTransactionPoolHashes()).toEqual([]);
    // Still listed as confirmed by the wallet, against the daemon's word.
    expect(await incoming(1)).toEqual([expect.objectContaining({ type: 'in', txid, height })]);

    // rescan_blockchain forgets it and catches up with the daemon's (shorter) chain.
    const started = performance.now();
    await viewWallet().rescanBlockchain();
    console.log(`rescan_blockchain took ${Math.round(performance.now() - started)} ms`);
    expect(await incoming(1)).toEqual([]);
    expect(await viewWallet().getHeight()).toBe(height);
  });

  it('after pop_blocks + flush_txpool a different block at the same height makes the wallet drop the transfer', async () => {
    const txid = await monero.send(subaddresses[2]!, 2_000_000_000_001n);
    await pollUntil(
      () => incoming(2),
      (list) => list.length === 1,
      'the second pool transfer',
    );
    await monero.mine(1);
    const height = await monero.height();
    await viewWallet().refresh();
    expect(await incoming(2)).toEqual([expect.objectContaining({ type: 'in', txid, height })]);

    await monero.popBlocks(1);
    await monero.flushTxpool();
    const [replacement] = await monero.mine(1);
    expect(await monero.height()).toBe(height);
    expect((await monero.daemon.getBlockHeaderByHeight(height)).hash).toBe(replacement);
    // The daemon's block at `height` now differs from the one the wallet scanned: refresh detects the
    // reorg, detaches the old block and scans the new one (net 0 blocks fetched); the transfer is gone.
    expect((await viewWallet().refresh()).blocksFetched).toBe(0);
    expect(await incoming(2)).toEqual([]);
    expect(await viewWallet().getHeight()).toBe(height + 1);
  });

  it('the payer can send again after a reorg, and a kept-by-block tx is mined again at the same height', async () => {
    const txid = await monero.send(subaddresses[3]!, 3_000_000_000_003n);
    await monero.mine(1);
    const height = await monero.height();
    await viewWallet().refresh();
    expect(await incoming(3)).toEqual([expect.objectContaining({ txid, height })]);
    // Pop without flushing: the next block takes the transaction back in at the same height.
    await monero.popBlocks(1);
    const [replacement] = await monero.mine(1);
    expect((await monero.daemon.getTransactions([txid])).found[0]).toMatchObject({
      inPool: false,
      blockHeight: height,
    });
    await viewWallet().refresh();
    expect(await incoming(3)).toEqual([
      expect.objectContaining({ type: 'in', txid, height, confirmations: 1 }),
    ]);
    expect((await monero.daemon.getLastBlockHeader()).hash).toBe(replacement);
  });

  it('sees subaddresses up to 199 past the highest one created, and further ones only after a rescan', async () => {
    // The view-only wallet created minor indexes up to 4, so it watches 0..203 (lookahead 200).
    const txids = new Map<number, string>();
    for (const minor of [203, 204, 250])
      txids.set(minor, await monero.send(subaddresses[minor]!, BigInt(minor)));
    await pollUntil(
      () => monero.daemon.getTransactionPoolHashes(),
      (hashes) => [...txids.values()].every((txid) => hashes.includes(txid)),
      'the three transactions in the daemon pool',
    );
    const minors = (list: readonly MoneroTransfer[]) =>
      list.map((t) => t.subaddrIndex.minor).sort((a, b) => a - b);
    expect(minors((await viewWallet().getTransfers({ pool: true })).pool)).toEqual([203]);
    await monero.mine(1);
    await viewWallet().refresh();
    const scanned = await viewWallet().getTransfers({
      in: true,
      filterByHeight: true,
      minHeight: (await monero.height()) - 1,
    });
    expect(minors(scanned.in)).toEqual([203]);
    // Receiving on 203 moved the window to 0..402, but the block was scanned already: only a rescan
    // finds the payments to 204 and 250.
    await viewWallet().refresh();
    expect(minors((await viewWallet().getTransfers({ in: true, subaddrIndices: [204, 250] })).in)).toEqual(
      [],
    );
    await viewWallet().rescanBlockchain();
    const rescanned = await viewWallet().getTransfers({ in: true, subaddrIndices: [203, 204, 250] });
    expect(minors(rescanned.in)).toEqual([203, 204, 250]);
    expect(rescanned.in.find((t) => t.subaddrIndex.minor === 250)).toMatchObject({
      txid: txids.get(250),
      amount: 250n,
    });
  });

  it('starts and stops extra wallet RPCs on the same daemon', async () => {
    const extra = await monero.startWalletRpc();
    expect(await extra.rpc.getVersion()).toBeGreaterThan(0);
    await expect(extra.rpc.getHeight()).rejects.toMatchObject({ rpcCode: -13 });
    await extra.stop();
    expect(existsSync(extra.walletDir)).toBe(false);
    await expect(extra.rpc.getVersion()).rejects.toBeInstanceOf(MoneroRpcTransportError);
  });
});
