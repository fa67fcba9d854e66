import type { TargetPollObserver } from '@cairn/chain-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSolanaRpc, startFakeSolanaRpc } from '../../test/index.js';
import { deriveSolanaReference } from '../deriveSolanaReference.js';
import { createSolanaObserver, type SolanaObserverOptions } from './createSolanaObserver.js';

// No Solana validator runs here: the fake node executes every transfer in litesvm and serves the
// Solana JSON-RPC answers (see test/startFakeSolanaRpc.ts for where each shape comes from).

let rpc: FakeSolanaRpc;
let counter = 0;
const warnings: { fields: Record<string, unknown>; message: string }[] = [];
const log = {
  warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
};

function observer(options: Partial<SolanaObserverOptions> = {}): TargetPollObserver {
  return createSolanaObserver({
    chainId: 'SOL',
    url: rpc.url,
    tokens: [{ symbol: 'USDC', mint: rpc.usdcMint, decimals: 6 }],
    log,
    ...options,
  });
}

const UNMATCHED =
  "solana: a transfer to a merchant's wallet carries no open payment's reference: not credited to any payment";
const AMBIGUOUS =
  'solana: a transaction carries several payment references of one wallet: not credited to any payment';

/** A fresh payment of `wallet`: its polled target. */
function target(wallet: string) {
  const matchKey = deriveSolanaReference(`pay_test_${++counter}`);
  return { matchKey, address: wallet };
}

beforeAll(async () => {
  rpc = await startFakeSolanaRpc();
});
afterAll(async () => {
  await rpc.stop();
});

describe('Solana header source', () => {
  it('names its cluster by the genesis hash (getGenesisHash), the same as blocks close (chain resets)', async () => {
    const obs = observer();
    const identity = await obs.networkIdentity!();
    expect(identity).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    rpc.closeBlocks(2);
    expect(await obs.networkIdentity!()).toBe(identity);
    expect(rpc.requests.filter((r) => r.method === 'getGenesisHash').length).toBeGreaterThanOrEqual(2);
  });

  it('follows contiguous block heights across skipped slots, with parent-hash links', async () => {
    const obs = observer();
    const start = await obs.tip();
    expect(start).toEqual({ height: rpc.tip().height, hash: rpc.tip().hash });
    const closed = rpc.closeBlocks(8);
    // The fake skips slots between blocks: heights and slots drift apart.
    expect(closed.at(-1)!.slot - closed[0]!.slot).toBeGreaterThan(closed.at(-1)!.height - closed[0]!.height);
    const tip = await obs.tip();
    expect(tip).toEqual({ height: closed.at(-1)!.height, hash: closed.at(-1)!.hash });
    let previous = start.hash;
    for (const block of closed) {
      const hash = await obs.blockHashAt(block.height);
      expect(hash).toBe(block.hash);
      const header = await obs.header(hash!);
      expect(header).toEqual({ height: block.height, hash: block.hash, parentHash: previous });
      previous = hash!;
    }
    expect(await obs.blockHashAt(tip.height + 1)).toBeNull();
  });

  it('walks back from the tip through parents (the watcher stores ~10 ancestors on first start)', async () => {
    const obs = observer();
    let ref = await obs.tip();
    for (let i = 0; i < 11; i += 1) {
      const header = await obs.header(ref.hash);
      expect(header.height).toBe(ref.height);
      expect(await obs.blockHashAt(header.height)).toBe(header.hash);
      ref = { height: header.height - 1, hash: header.parentHash! };
    }
  });

  it('finds a height far below the tip with nothing known below it (a restart), via getBlocks', async () => {
    rpc.closeBlocks(40);
    const obs = observer();
    const tip = rpc.tip();
    rpc.clearRequests();
    const hash = await obs.blockHashAt(tip.height - 37);
    expect(rpc.countRequests('getBlocks')).toBe(1);
    // Check it against a forward walk from a block below it.
    const check = observer();
    const base = await check.blockHashAt(tip.height - 45);
    expect(base).not.toBeNull();
    expect(await check.blockHashAt(tip.height - 37)).toBe(hash);
    expect((await obs.header(hash!)).height).toBe(tip.height - 37);
  });

  it('costs one getBlock per new height once the slots are mapped', async () => {
    const obs = observer();
    const start = await obs.tip();
    rpc.closeBlocks(5);
    await obs.tip();
    rpc.clearRequests();
    for (let h = start.height + 1; h <= start.height + 5; h += 1) await obs.blockHashAt(h);
    expect(rpc.countRequests('getBlocksWithLimit')).toBe(1);
    expect(rpc.countRequests('getBlock')).toBe(4); // the tip's block is cached already
    expect(rpc.countRequests()).toBe(5);
  });
});

describe('Solana target polling', () => {
  it('credits SOL and USDC exactly, from balance changes, in the block of their slot', async () => {
    const obs = observer();
    const wallet = await rpc.newWallet();
    const sol = target(wallet);
    const usdc = target(wallet);
    const solTx = await rpc.pay({
      recipient: wallet,
      reference: sol.matchKey,
      amount: 1_234_567_891n,
      coin: 'SOL',
    });
    const usdcTx = await rpc.pay({
      recipient: wallet,
      reference: usdc.matchKey,
      amount: 19_990_000n,
      coin: 'USDC',
    });
    rpc.closeBlocks(2);
    const { activity, unread } = await obs.targetActivity([sol, usdc]);
    expect(unread).toEqual([]);
    const block = rpc.blockOf(solTx)!;
    expect(activity).toHaveLength(2);
    expect(activity).toContainEqual({
      txid: solTx,
      index: expect.any(Number),
      matchKey: sol.matchKey,
      amount: 1_234_567_891n,
      account: wallet,
      block: { height: block.height, hash: block.hash },
    });
    expect(activity).toContainEqual({
      txid: usdcTx,
      index: expect.any(Number),
      matchKey: usdc.matchKey,
      amount: 19_990_000n,
      coinSymbol: 'USDC',
      account: wallet,
      block: { height: rpc.blockOf(usdcTx)!.height, hash: rpc.blockOf(usdcTx)!.hash },
    });
    expect(await rpc.balanceOf(wallet, 'USDC')).toBe(19_990_000n);
  });

  it('reports found activity again on every poll, fetching only new transactions', async () => {
    const obs = observer();
    const wallet = await rpc.newWallet();
    const first = target(wallet);
    await rpc.pay({ recipient: wallet, reference: first.matchKey, amount: 5_000_000n, coin: 'SOL' });
    rpc.closeBlocks(1);
    const once = await obs.targetActivity([first]);
    expect(once.activity).toHaveLength(1);
    rpc.clearRequests();
    const again = await obs.targetActivity([first]);
    expect(again.activity).toEqual(once.activity);
    expect(rpc.countRequests('getTransaction')).toBe(0);
    const second = target(wallet);
    await rpc.pay({ recipient: wallet, reference: second.matchKey, amount: 7_000_000n, coin: 'SOL' });
    rpc.closeBlocks(1);
    rpc.clearRequests();
    const third = await obs.targetActivity([first, second]);
    expect(rpc.countRequests('getTransaction')).toBe(1);
    expect(third.activity.map((a) => [a.matchKey, a.amount])).toEqual(
      expect.arrayContaining([
        [first.matchKey, 5_000_000n],
        [second.matchKey, 7_000_000n],
      ]),
    );
    // `until` is the newest signature read: the answers hold only new signatures.
    const calls = rpc.requests.filter((r) => r.method === 'getSignaturesForAddress');
    expect(
      calls.every(
        (c) => typeof (c.params[1] as { until?: string }).until === 'string' || c.params[0] !== wallet,
      ),
    ).toBe(true);
  });

  it('makes one signatures call per wallet account, not per payment', async () => {
    const obs = observer();
    const wallets = [await rpc.newWallet(), await rpc.newWallet()];
    const targets = wallets.flatMap((w) => Array.from({ length: 10 }, () => target(w)));
    for (const t of targets.slice(0, 6))
      await rpc.pay({ recipient: t.address, reference: t.matchKey, amount: 2_000_000n, coin: 'SOL' });
    rpc.closeBlocks(1);
    rpc.clearRequests();
    const { activity } = await obs.targetActivity(targets);
    expect(activity).toHaveLength(6);
    // 2 wallets x (the wallet + its USDC token account), whatever the number of open payments.
    expect(rpc.countRequests('getSignaturesForAddress')).toBe(4);
    expect(rpc.countRequests('getTransaction')).toBe(6);
    rpc.clearRequests();
    await obs.targetActivity(targets);
    expect(rpc.countRequests()).toBe(4);
  });

  it('credits the smaller amount actually paid (underpayment)', async () => {
    const obs = observer();
    const wallet = await rpc.newWallet();
    const before = target(wallet);
    const t = target(wallet);
    await rpc.pay({ recipient: wallet, reference: before.matchKey, amount: 10_000_000n, coin: 'USDC' });
    await rpc.pay({ recipient: wallet, reference: before.matchKey, amount: 1_000_000_000n, coin: 'SOL' });
    rpc.closeBlocks(1);
    // Asked for 10 USDC / 1 SOL, paid 9 USDC / 0.9 SOL: credited what arrived.
    await rpc.pay({ recipient: wallet, reference: t.matchKey, amount: 9_000_000n, coin: 'USDC' });
    await rpc.pay({ recipient: wallet, reference: t.matchKey, amount: 900_000_000n, coin: 'SOL' });
    rpc.closeBlocks(1);
    const { activity } = await obs.targetActivity([t]);
    expect(activity.filter((a) => a.matchKey === t.matchKey).map((a) => [a.amount, a.coinSymbol])).toEqual(
      expect.arrayContaining([
        [9_000_000n, 'USDC'],
        [900_000_000n, undefined],
      ]),
    );
    expect(activity.filter((a) => a.matchKey === t.matchKey)).toHaveLength(2);
  });

  it('does not credit a transfer of another mint carrying the reference (fake-mint attack)', async () => {
    const obs = observer();
    const wallet = await rpc.newWallet();
    const t = target(wallet);
    const { signature, mint } = await rpc.payWithFakeMint({
      recipient: wallet,
      reference: t.matchKey,
      amount: 50_000_000n,
    });
    rpc.closeBlocks(1);
    expect(await rpc.balanceOf(wallet, 'USDC', mint)).toBe(50_000_000n);
    rpc.clearRequests();
    const { activity } = await obs.targetActivity([t]);
    expect(rpc.countRequests('getTransaction')).toBe(1); // it was read, and refused
    expect(activity.filter((a) => a.txid === signature)).toEqual([]);
  });

  it('does not credit a transfer that lists the wallet and reference but pays someone else', async () => {
    const obs = observer();
    const wallet = await rpc.newWallet();
    const t = target(wallet);
    await rpc.payDiverted({ recipient: wallet, reference: t.matchKey, amount: 3_000_000_000n, coin: 'SOL' });
    await rpc.payDiverted({ recipient: wallet, reference: t.matchKey, amount: 3_000_000n, coin: 'USDC' });
    rpc.closeBlocks(1);
    rpc.clearRequests();
    const { activity } = await obs.targetActivity([t]);
    expect(rpc.countRequests('getTransaction')).toBe(2);
    expect(activity).toEqual([]);
  });

  it('skips failed transactions without fetching them', async () => {
    const obs = observer();
    const wallet = await rpc.newWallet();
    const t = target(wallet);
    await rpc.payFailing({ recipient: wallet, reference: t.matchKey, amount: 2_000_000_000n, coin: 'SOL' });
    await rpc.payFailing({ recipient: wallet, reference: t.matchKey, amount: 5_000_000n, coin: 'USDC' });
    rpc.closeBlocks(1);
    rpc.clearRequests();
    const { activity } = await obs.targetActivity([t]);
    expect(activity).toEqual([]);
    expect(rpc.countRequests('getTransaction')).toBe(0);
  });

  it('matches a reference loaded from an address lookup table onto the transfer instruction', async () => {
    const obs = observer();
    const wallet = await rpc.newWallet();
    const viaTable = target(wallet);
    await rpc.pay({
      recipient: wallet,
      reference: viaTable.matchKey,
      amount: 4_000_000n,
      coin: 'USDC',
      referenceInLookupTable: true,
    });
    rpc.closeBlocks(1);
    const { activity } = await obs.targetActivity([viaTable]);
    expect(activity.map((a) => [a.matchKey, a.amount])).toEqual([[viaTable.matchKey, 4_000_000n]]);
  });

  it('takes a reference only from the transfer instruction (Solana Pay), not from a memo or another instruction', async () => {
    let clock = Date.now();
    const obs = observer({ now: () => clock, unmatchedGraceSeconds: 60 });
    const wallet = await rpc.newWallet();
    const viaMemo = target(wallet);
    const elsewhere = target(wallet);
    const memo = await rpc.pay({
      recipient: wallet,
      memo: viaMemo.matchKey,
      amount: 6_000_000n,
      coin: 'SOL',
    });
    const other = await rpc.pay({
      recipient: wallet,
      reference: elsewhere.matchKey,
      amount: 7_000_000n,
      coin: 'USDC',
      referenceOnOtherInstruction: true,
    });
    rpc.closeBlocks(1);
    warnings.length = 0;
    expect((await obs.targetActivity([viaMemo, elsewhere])).activity).toEqual([]);
    clock += 60_000;
    expect((await obs.targetActivity([viaMemo, elsewhere])).activity).toEqual([]);
    expect(warnings.map((w) => [w.message, w.fields.txid]).sort()).toEqual(
      [
        [UNMATCHED, memo],
        [UNMATCHED, other],
      ].sort(),
    );
  });

  it("credits a token balance entry without its optional owner: the account is the wallet's associated one", async () => {
    const obs = observer();
    const wallet = await rpc.newWallet();
    const t = target(wallet);
    const signature = await rpc.pay({
      recipient: wallet,
      reference: t.matchKey,
      amount: 3_000_000n,
      coin: 'USDC',
      omitTokenOwner: true,
    });
    rpc.closeBlocks(1);
    const { activity } = await obs.targetActivity([t]);
    expect(activity.map((a) => [a.txid, a.matchKey, a.amount, a.coinSymbol])).toEqual([
      [signature, t.matchKey, 3_000_000n, 'USDC'],
    ]);
  });

  it('never reports a transfer carrying no reference; logs it once after the grace, then forgets it', async () => {
    let clock = Date.now();
    const obs = observer({ now: () => clock, unmatchedGraceSeconds: 60 });
    const wallet = await rpc.newWallet();
    const t = target(wallet);
    const plain = await rpc.pay({ recipient: wallet, amount: 8_000_000n, coin: 'SOL' });
    rpc.closeBlocks(1);
    warnings.length = 0;
    expect((await obs.targetActivity([t])).activity).toEqual([]);
    clock += 59_000;
    expect((await obs.targetActivity([t])).activity).toEqual([]);
    expect(warnings).toEqual([]);
    clock += 1_000;
    rpc.clearRequests();
    const last = await obs.targetActivity([t]);
    expect(last.activity).toEqual([]);
    // Reported once as stray money in its block, for the watcher to record for the merchant.
    expect(last.strays).toEqual([
      {
        kind: 'missing_reference',
        txid: plain,
        index: expect.any(Number),
        matchKey: wallet,
        amount: 8_000_000n,
        account: wallet,
        block: { height: expect.any(Number), hash: rpc.blockOf(plain)!.hash },
      },
    ]);
    expect(warnings).toEqual([
      {
        fields: {
          chainId: 'SOL',
          txid: plain,
          account: wallet,
          slot: String(rpc.blockOf(plain)!.slot),
          credits: [{ coin: 'SOL', amount: '8000000' }],
        },
        message: UNMATCHED,
      },
    ]);
    expect(rpc.countRequests('getTransaction')).toBe(0); // read once, never again
    expect((await obs.targetActivity([t])).strays).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it("credits a transfer read before its payment's target was first polled (kept through the next poll)", async () => {
    const obs = observer({ unmatchedGraceSeconds: 0 });
    const wallet = await rpc.newWallet();
    const open = target(wallet);
    const late = target(wallet); // created while a poll that did not list it yet was running
    const tx = await rpc.pay({
      recipient: wallet,
      reference: late.matchKey,
      amount: 4_000_000n,
      coin: 'SOL',
    });
    rpc.closeBlocks(1);
    expect((await obs.targetActivity([open])).activity).toEqual([]);
    rpc.clearRequests();
    const { activity } = await obs.targetActivity([open, late]);
    expect(rpc.countRequests('getTransaction')).toBe(0);
    expect(activity.map((a) => [a.txid, a.matchKey, a.amount])).toEqual([[tx, late.matchKey, 4_000_000n]]);
  });

  it('credits a transaction carrying two references of one wallet to none, and logs it once', async () => {
    const obs = observer();
    const wallet = await rpc.newWallet();
    const a = target(wallet);
    const b = target(wallet);
    const both = await rpc.pay({
      recipient: wallet,
      reference: [a.matchKey, b.matchKey],
      amount: 9_000_000n,
      coin: 'SOL',
    });
    rpc.closeBlocks(1);
    warnings.length = 0;
    expect((await obs.targetActivity([a, b])).activity).toEqual([]);
    expect((await obs.targetActivity([a, b])).activity).toEqual([]);
    expect(warnings.map((w) => [w.message, w.fields.txid])).toEqual([[AMBIGUOUS, both]]);
    expect(warnings[0]!.fields.references).toEqual(expect.arrayContaining([a.matchKey, b.matchKey]));
  });

  it('keeps a match once made, even when another reference it carries is polled later', async () => {
    const obs = observer();
    const wallet = await rpc.newWallet();
    const a = target(wallet);
    const b = target(wallet);
    await rpc.pay({
      recipient: wallet,
      reference: [a.matchKey, b.matchKey],
      amount: 2_000_000n,
      coin: 'SOL',
    });
    rpc.closeBlocks(1);
    const first = await obs.targetActivity([a]);
    expect(first.activity.map((x) => x.matchKey)).toEqual([a.matchKey]);
    warnings.length = 0;
    const later = await obs.targetActivity([a, b]);
    expect(later.activity).toEqual(first.activity);
    expect(warnings).toEqual([]);
  });

  it('sees nothing that is only confirmed: not the block, not the payment', async () => {
    const obs = observer();
    const wallet = await rpc.newWallet();
    const t = target(wallet);
    const before = await obs.tip();
    const tx = await rpc.pay({ recipient: wallet, reference: t.matchKey, amount: 3_000_000n, coin: 'USDC' });
    const [confirmed] = rpc.confirmBlocks(2);
    rpc.clearRequests();
    expect(await obs.tip()).toEqual(before);
    expect(await obs.blockHashAt(before.height + 1)).toBeNull();
    expect((await obs.targetActivity([t])).activity).toEqual([]);
    expect(rpc.countRequests('getTransaction')).toBe(0);
    rpc.closeBlocks(0); // finalizes them
    const { activity } = await obs.targetActivity([t]);
    expect(activity.map((a) => [a.txid, a.amount, a.block])).toEqual([
      [tx, 3_000_000n, { height: confirmed!.height, hash: confirmed!.hash }],
    ]);
    expect(await obs.blockHashAt(confirmed!.height)).toBe(confirmed!.hash);
  });

  it('asks for commitment finalized (or the RPC default, finalized) in every request', async () => {
    rpc.clearRequests();
    const obs = observer();
    const wallet = await rpc.newWallet();
    const t = target(wallet);
    await rpc.pay({ recipient: wallet, reference: t.matchKey, amount: 1_000_000n, coin: 'USDC' });
    rpc.closeBlocks(3);
    const tip = await obs.tip();
    await obs.header(tip.hash);
    await obs.blockHashAt(tip.height - 30); // backwards from the tip: getBlocks
    rpc.closeBlocks(2);
    await obs.blockHashAt(tip.height + 1); // forwards from a known block: getBlocksWithLimit
    expect((await obs.targetActivity([t])).activity).toHaveLength(1);
    const methods = new Set(rpc.requests.map((r) => r.method));
    expect(methods).toEqual(
      new Set([
        'getSlot',
        'getBlock',
        'getBlocks',
        'getBlocksWithLimit',
        'getSignaturesForAddress',
        'getTransaction',
      ]),
    );
    // @solana/kit leaves `commitment: 'finalized'` out of the request (it is the RPC's default, which
    // the fake applies as Agave does): absent or `finalized`, never anything lower.
    for (const request of rpc.requests) {
      const config = request.params.find((p) => typeof p === 'object' && p !== null) as
        | { commitment?: string }
        | undefined;
      expect(config?.commitment ?? 'finalized', JSON.stringify(request)).toBe('finalized');
    }
  });

  it('keeps lamport amounts above 2^53 exact', async () => {
    const obs = observer();
    const wallet = await rpc.newWallet();
    const earlier = target(wallet);
    const t = target(wallet);
    const amount = 2n ** 53n + 1n;
    await rpc.pay({ recipient: wallet, reference: earlier.matchKey, amount: 3n ** 33n, coin: 'SOL' });
    rpc.closeBlocks(1);
    const tx = await rpc.pay({ recipient: wallet, reference: t.matchKey, amount, coin: 'SOL' });
    rpc.closeBlocks(1);
    expect(await rpc.balanceOf(wallet, 'SOL')).toBe(amount + 3n ** 33n);
    const { activity } = await obs.targetActivity([t]);
    // The wallet held SOL before: the credit is the balance change, not the balance.
    expect(activity.filter((a) => a.txid === tx).map((a) => a.amount)).toEqual([amount]);
  });

  it("reports a failing wallet's targets as unread and throws when no wallet can be read", async () => {
    const obs = observer();
    const good = await rpc.newWallet();
    const bad = await rpc.newWallet();
    const g = target(good);
    const b = target(bad);
    await rpc.pay({ recipient: good, reference: g.matchKey, amount: 3_000_000n, coin: 'SOL' });
    await rpc.pay({ recipient: bad, reference: b.matchKey, amount: 3_000_000n, coin: 'SOL' });
    rpc.closeBlocks(1);
    rpc.failAddress(bad);
    const result = await obs.targetActivity([g, b]);
    expect(result.unread).toEqual([b.matchKey]);
    expect(result.activity.map((a) => a.matchKey)).toEqual([g.matchKey]);
    await expect(obs.targetActivity([b])).rejects.toThrow(/cannot read any watched wallet/);
    rpc.healAddress(bad);
    const healed = await obs.targetActivity([g, b]);
    expect(healed.unread).toEqual([]);
    expect(healed.activity.map((a) => a.matchKey).sort()).toEqual([g.matchKey, b.matchKey].sort());
  });

  it('gives each credited transfer a unique (txid, index)', async () => {
    const obs = observer();
    const w1 = await rpc.newWallet();
    const w2 = await rpc.newWallet();
    const targets = [target(w1), target(w1), target(w2)];
    for (const t of targets)
      await rpc.pay({ recipient: t.address, reference: t.matchKey, amount: 1_000_000n, coin: 'USDC' });
    rpc.closeBlocks(1);
    const { activity } = await obs.targetActivity(targets);
    const keys = activity.map((a) => `${a.txid}:${a.index}`);
    expect(activity).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
  });
});
