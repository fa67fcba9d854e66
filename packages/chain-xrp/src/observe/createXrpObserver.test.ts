import { ChainBackendError, type ObservedBlock, type ObserverLog } from '@cairn/chain-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRippled, startFakeRippled } from '../../test/index.js';
import { createXrpObserver } from './createXrpObserver.js';

const MERCHANT = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
const OTHER = 'rL1NJc5cBoUz8KC663a7KTSNn93bLBiNAZ';

let rippled: FakeRippled;
beforeEach(async () => {
  rippled = await startFakeRippled();
});
afterEach(async () => {
  await rippled.stop();
});

const open = (log?: ObserverLog) =>
  createXrpObserver({ chainId: 'XRP_TESTNET', url: rippled.url, timeoutMs: 5_000, ...(log ? { log } : {}) });

/** The block of the last validated ledger, read the way the watcher does: hash by index, then block. */
async function lastBlock(observer: ReturnType<typeof open>): Promise<ObservedBlock> {
  const hash = await observer.blockHashAt(rippled.validated().index);
  return observer.block(hash!);
}

describe('createXrpObserver against a fake rippled', () => {
  it('reads the last validated ledger as the tip, always asking for API v2', async () => {
    const observer = open();
    rippled.closeLedgers(3);
    const tip = await observer.tip();
    expect(tip).toEqual({ height: rippled.validated().index, hash: rippled.validated().hash });
    expect(tip.hash).toMatch(/^[0-9A-F]{64}$/);
    expect(rippled.requests).toEqual([
      { method: 'ledger', params: { ledger_index: 'validated', api_version: 2 } },
    ]);
  });

  it('gives hashes by index up to the tip and null above it', async () => {
    const observer = open();
    const [first, second] = rippled.closeLedgers(2);
    expect(await observer.blockHashAt(first!.index)).toBe(first!.hash);
    expect(await observer.blockHashAt(second!.index)).toBe(second!.hash);
    expect(await observer.blockHashAt(second!.index + 1)).toBeNull();
    expect(await observer.blockHashAt(second!.index + 1000)).toBeNull();
  });

  it('links headers by parent hash, as the watcher walks them back from the tip', async () => {
    const observer = open();
    const closed = rippled.closeLedgers(4);
    let header = await observer.header(closed[3]!.hash);
    for (let i = 3; i > 0; i -= 1) {
      expect(header).toEqual({
        height: closed[i]!.index,
        hash: closed[i]!.hash,
        parentHash: closed[i - 1]!.hash,
      });
      header = await observer.header(header.parentHash!);
    }
    expect(header.hash).toBe(closed[0]!.hash);
    // The fake's first ledger is genesis-like: the walk back ends at a null parent.
    const first = await observer.header(header.parentHash!);
    expect(first).toMatchObject({ height: closed[0]!.index - 1, parentHash: null });
  });

  it('reports a payment with its tag as <address>:<tag>, the delivered drops and the account', async () => {
    const observer = open();
    const txid = rippled.pay({ to: MERCHANT, tag: 1, amountDrops: 2_500_000n });
    const block = await lastBlock(observer);
    expect(block.height).toBe(rippled.validated().index);
    expect(block.outputs).toEqual([
      { txid, index: 0, matchKey: `${MERCHANT}:1`, amount: 2_500_000n, account: MERCHANT },
    ]);
    expect(txid).toMatch(/^[0-9A-F]{64}$/);
  });

  it('reports a payment without a tag under the bare address', async () => {
    const observer = open();
    const txid = rippled.pay({ to: MERCHANT, amountDrops: 7n });
    expect((await lastBlock(observer)).outputs).toEqual([
      { txid, index: 0, matchKey: MERCHANT, amount: 7n, account: MERCHANT },
    ]);
  });

  it('credits only delivered_amount of a partial payment, never its Amount (the exploit)', async () => {
    const observer = open();
    const txid = rippled.pay({
      to: MERCHANT,
      tag: 5,
      amountDrops: 1_000_000_000_000n,
      partial: { deliveredDrops: 10n },
    });
    // The ledger really names the large amount: API v2's DeliverMax (the v1 Amount).
    const raw = (await (
      await fetch(rippled.url, {
        method: 'POST',
        body: JSON.stringify({
          method: 'ledger',
          params: [{ ledger_index: 'validated', transactions: true, expand: true, api_version: 2 }],
        }),
      })
    ).json()) as {
      result: {
        ledger: { transactions: { tx_json: Record<string, unknown>; meta: Record<string, unknown> }[] };
      };
    };
    const [entry] = raw.result.ledger.transactions;
    expect(entry!.tx_json).toMatchObject({ DeliverMax: '1000000000000', Flags: 131072 });
    expect(entry!.meta).toMatchObject({ delivered_amount: '10', DeliveredAmount: '10' });

    expect((await lastBlock(observer)).outputs).toEqual([
      { txid, index: 0, matchKey: `${MERCHANT}:5`, amount: 10n, account: MERCHANT },
    ]);
  });

  it('ignores failed payments, issued currencies and self-payments; logs unavailable amounts and tagged tokens', async () => {
    const log = { warn: vi.fn<ObserverLog['warn']>() };
    const observer = open(log);
    rippled.payFailed({ to: MERCHANT, tag: 2, amountDrops: 5_000_000n }, { close: false });
    const token = rippled.payIssued({ to: MERCHANT, tag: 3, value: '25' }, { close: false });
    rippled.payIssued({ to: OTHER, value: '7' }, { close: false });
    const unavailable = rippled.payUnavailable({ to: MERCHANT, tag: 4, amountDrops: 9n }, { close: false });
    rippled.pay({ to: rippled.payer, amountDrops: 1n }, { close: false });
    rippled.closeLedgers(1);
    const block = await lastBlock(observer);
    expect(block.outputs).toEqual([]);
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.warn.mock.calls[0]).toEqual([
      {
        chainId: 'XRP_TESTNET',
        txid: token,
        ledger: block.height,
        destination: MERCHANT,
        destinationTag: 3,
        deliveredAmount: { currency: 'USD', issuer: expect.stringMatching(/^r/), value: '25' },
      },
      'xrp: a token payment (not XRP) to a destination tag is not counted',
    ]);
    expect(log.warn.mock.calls[1]![0]).toMatchObject({ txid: unavailable, deliveredAmount: 'unavailable' });
  });

  it('keeps several payments of one ledger apart by txid', async () => {
    const observer = open();
    const a = rippled.pay({ to: MERCHANT, tag: 1, amountDrops: 1_000_000n }, { close: false });
    const b = rippled.pay({ to: MERCHANT, tag: 2, amountDrops: 2_000_000n }, { close: false });
    const c = rippled.pay({ to: OTHER, tag: 1, amountDrops: 3_000_000n }, { close: false });
    rippled.closeLedgers(1);
    const { outputs } = await lastBlock(observer);
    expect(outputs.map((o) => [o.txid, o.index, o.matchKey, o.amount])).toEqual([
      [a, 0, `${MERCHANT}:1`, 1_000_000n],
      [b, 0, `${MERCHANT}:2`, 2_000_000n],
      [c, 0, `${OTHER}:1`, 3_000_000n],
    ]);
  });

  it('never reports a ledger that is not validated yet, and reports it once validated', async () => {
    const observer = open();
    const txid = rippled.pay({ to: MERCHANT, tag: 9, amountDrops: 4n }, { close: false });
    const pending = rippled.closeUnvalidated();
    expect((await observer.tip()).height).toBe(pending.index - 1);
    expect(await observer.blockHashAt(pending.index)).toBeNull();
    await expect(observer.block(pending.hash)).rejects.toThrow(/not validated yet/);
    await expect(observer.header(pending.hash)).rejects.toThrow(ChainBackendError);

    rippled.closeLedgers(1);
    expect(await observer.blockHashAt(pending.index)).toBe(pending.hash);
    expect((await observer.block(pending.hash)).outputs).toEqual([
      { txid, index: 0, matchKey: `${MERCHANT}:9`, amount: 4n, account: MERCHANT },
    ]);
  });

  it('costs one ledger call per ledger, hash by index then block, whatever is in it; no mempool', async () => {
    const observer = open();
    for (let tag = 1; tag <= 20; tag += 1)
      rippled.pay({ to: MERCHANT, tag, amountDrops: 1n }, { close: false });
    const [ledger] = rippled.closeLedgers(1);
    const before = rippled.requests.length;
    const hash = await observer.blockHashAt(ledger!.index);
    const block = await observer.block(hash!);
    expect(block.hash).toBe(ledger!.hash);
    expect(block.outputs).toHaveLength(20);
    expect(rippled.requests.slice(before)).toEqual([
      {
        method: 'ledger',
        params: { ledger_index: ledger!.index, transactions: true, expand: true, api_version: 2 },
      },
    ]);
    // A block asked for by hash alone (not just read by index) is read by hash.
    const [next] = rippled.closeLedgers(1);
    expect((await observer.block(next!.hash)).hash).toBe(next!.hash);
    expect(rippled.requests.at(-1)).toEqual({
      method: 'ledger',
      params: { ledger_hash: next!.hash, transactions: true, expand: true, api_version: 2 },
    });
    const calls = rippled.requests.length;
    expect(await observer.mempoolTxids()).toEqual([]);
    expect(await observer.mempoolOutputs(['AB'])).toEqual([]);
    expect(rippled.requests).toHaveLength(calls);
  });

  it('answers null for the open ledger (rippled answers it, unvalidated, for its own index)', async () => {
    const observer = open();
    const open_ = rippled.validated().index + 1;
    expect(await observer.blockHashAt(open_)).toBeNull();
    expect(rippled.requests.map((r) => r.params.ledger_index)).toEqual([open_, 'validated']);
  });

  it('never lets a lagging server shorten the chain: an error, not null (no false reorg)', async () => {
    const observer = open();
    const [first, second] = rippled.closeLedgers(2);
    expect(await observer.tip()).toEqual({ height: second!.index, hash: second!.hash });
    rippled.setLag(1); // another server behind the same URL, one ledger behind
    await expect(observer.tip()).rejects.toThrow(/below ledger \d+, validated before: a lagging server/);
    await expect(observer.blockHashAt(second!.index)).rejects.toThrow(ChainBackendError);
    expect(await observer.blockHashAt(first!.index)).toBe(first!.hash);
    rippled.setLag(0);
    expect(await observer.blockHashAt(second!.index)).toBe(second!.hash);
    expect(await observer.tip()).toEqual({ height: second!.index, hash: second!.hash });
  });

  it('reports a tip more than 10,000 ledgers below as it is: a reset network, not a lagging server', async () => {
    const observer = open();
    const [before] = rippled.closeLedgers(1);
    expect(await observer.tip()).toEqual({ height: before!.index, hash: before!.hash });
    const restarted = rippled.reset(before!.index - 10_001);
    expect(await observer.tip()).toEqual({ height: restarted.index, hash: restarted.hash });
    // The new network is followed from there: a lagging server on it is refused again.
    const [next] = rippled.closeLedgers(1);
    expect(await observer.tip()).toEqual({ height: next!.index, hash: next!.hash });
    rippled.setLag(1);
    await expect(observer.tip()).rejects.toThrow(/a lagging server/);
  });

  it('reads a ledger again when it was validated between reading it and reading the tip', async () => {
    let pending: { index: number; hash: string } | undefined;
    await rippled.stop();
    rippled = await startFakeRippled({
      beforeAnswer(request, fake) {
        // Validate the pending ledger right after the observer read it unvalidated by index.
        if (pending && request.params.ledger_index === 'validated' && fake.validated().index < pending.index)
          fake.closeLedgers(0);
      },
    });
    const observer = open();
    const txid = rippled.pay({ to: MERCHANT, tag: 3, amountDrops: 5n }, { close: false });
    pending = rippled.closeUnvalidated();
    expect(await observer.blockHashAt(pending.index)).toBe(pending.hash);
    expect((await observer.block(pending.hash)).outputs).toEqual([
      { txid, index: 0, matchKey: `${MERCHANT}:3`, amount: 5n, account: MERCHANT },
    ]);
  });

  it('follows the chain the way the watcher does: contiguous heights, parent links, every payment once', async () => {
    const observer = open();
    const start = await observer.tip();
    const paid = [
      rippled.pay({ to: MERCHANT, tag: 1, amountDrops: 10n }),
      rippled.pay({ to: MERCHANT, tag: 2, amountDrops: 20n, partial: { deliveredDrops: 5n } }),
    ];
    rippled.closeLedgers(3);
    paid.push(rippled.pay({ to: MERCHANT, tag: 3, amountDrops: 30n }));
    let cursor = start;
    const seen: [string, bigint][] = [];
    const tip = await observer.tip();
    while (cursor.hash !== tip.hash) {
      const hash = await observer.blockHashAt(cursor.height + 1);
      const block = await observer.block(hash!);
      expect(block.parentHash).toBe(cursor.hash);
      seen.push(...block.outputs.map((o): [string, bigint] => [o.txid, o.amount]));
      cursor = { height: block.height, hash: block.hash };
    }
    expect(cursor.height).toBe(start.height + 6);
    expect(seen).toEqual([
      [paid[0]!, 10n],
      [paid[1]!, 5n],
      [paid[2]!, 30n],
    ]);
    expect(await observer.blockHashAt(cursor.height + 1)).toBeNull();
  });

  it('takes a ledger another server behind the URL has validated, but this one not yet, as not yet', async () => {
    const observer = open();
    const [, last] = rippled.closeLedgers(2);
    rippled.setValidationLag(1);
    expect(await observer.tip()).toEqual({ height: last!.index, hash: last!.hash });
    const notYet = observer.blockHashAt(last!.index);
    await expect(notYet).rejects.toThrow(ChainBackendError);
    await expect(notYet).rejects.toThrow(/not validated yet by the server that answered/);
    rippled.setValidationLag(0);
    expect(await observer.blockHashAt(last!.index)).toBe(last!.hash);
  });

  it('refuses to mistake a gap in the server history for a reorg', async () => {
    await rippled.stop();
    rippled = await startFakeRippled({ firstIndex: 1000, historyFrom: 1003 });
    rippled.closeLedgers(5);
    const observer = open();
    await expect(observer.blockHashAt(1001)).rejects.toThrow(/history does not reach back/);
    expect(await observer.blockHashAt(1004)).toMatch(/^[0-9A-F]{64}$/);
  });

  it('turns an unreachable or failing server into ChainBackendError', async () => {
    const observer = open();
    rippled.setUnavailable(true);
    await expect(observer.tip()).rejects.toThrow(ChainBackendError);
    await expect(observer.tip()).rejects.toThrow(/HTTP 503/);
    rippled.setUnavailable(false);
    await expect(observer.header('00'.repeat(32))).rejects.toThrow(/lgrNotFound/);
    await rippled.stop();
    await expect(observer.tip()).rejects.toThrow(/cannot reach rippled/);
    rippled = await startFakeRippled();
  });
});
