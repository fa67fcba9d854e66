import { type BlockScanObserver, ChainBackendError } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import { Claimant, Keypair } from '@stellar/stellar-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeHorizon, startFakeHorizon } from '../../test/startFakeHorizon.js';
import { createStellarAdapter } from '../createStellarAdapter.js';
import { muxedAddressOf } from '../muxedAccounts.js';
import { STELLAR_USDC_ISSUERS } from '../stellarUsdc.js';

const stellarAdapter = createStellarAdapter();

const CHAIN = getChain('XLM_TESTNET')!;
const MERCHANT = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 11)).publicKey();
const ATTACKER = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 12));
const USDC = { code: 'USDC', issuer: STELLAR_USDC_ISSUERS.testnet };

let horizon: FakeHorizon;
let observer: BlockScanObserver;
const warnings: { fields: Record<string, unknown>; message: string }[] = [];

beforeEach(async () => {
  horizon = await startFakeHorizon();
  warnings.length = 0;
  observer = stellarAdapter.createObserver!({
    chain: CHAIN,
    backend: { kind: 'json-rpc', url: horizon.url, timeoutMs: 5_000 },
    log: { warn: (fields, message) => warnings.push({ fields, message }) },
  }) as BlockScanObserver;
});

afterEach(async () => {
  await horizon.stop();
});

describe('createStellarObserver: following ledgers', () => {
  it('reads the tip, hashes by sequence, headers by hash, and null above the tip', async () => {
    expect(observer.strategy).toBe('block-scan');
    const tip = await observer.tip();
    expect(tip).toEqual({ height: 20, hash: horizon.ledgerHash(20) });
    expect(await observer.blockHashAt(7)).toBe(horizon.ledgerHash(7));
    expect(await observer.blockHashAt(21)).toBeNull();
    expect(await observer.blockHashAt(0)).toBeNull();
    expect(await observer.header(tip.hash)).toEqual({
      height: 20,
      hash: tip.hash,
      parentHash: horizon.ledgerHash(19),
    });
    // A hash read through blockHashAt is known too.
    expect((await observer.header(horizon.ledgerHash(7)!)).height).toBe(7);
  });

  it('walks back through prev_hash as the watcher does on first start (header(parentHash))', async () => {
    const tip = await observer.tip();
    let hash: string | null = tip.hash;
    const heights: number[] = [];
    while (hash !== null && heights.length <= 10) {
      const header = await observer.header(hash);
      expect(header.hash).toBe(horizon.ledgerHash(header.height));
      heights.push(header.height);
      hash = header.parentHash;
    }
    expect(heights).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10]);
  });

  it('ends the walk back at the oldest ledger a Horizon with a short history has (no parent below it)', async () => {
    await horizon.stop();
    horizon = await startFakeHorizon({ startLedger: 100, historyFrom: 95 });
    observer = stellarAdapter.createObserver!({
      chain: CHAIN,
      backend: { kind: 'json-rpc', url: horizon.url, timeoutMs: 5_000 },
    }) as BlockScanObserver;
    const tip = await observer.tip();
    let hash: string | null = tip.hash;
    const heights: number[] = [];
    while (hash !== null && heights.length <= 10) {
      const header = await observer.header(hash);
      expect(header.hash).toBe(horizon.ledgerHash(header.height));
      heights.push(header.height);
      hash = header.parentHash;
    }
    expect(heights).toEqual([100, 99, 98, 97, 96, 95, 94]);
    expect(hash).toBeNull();
    // Reading a ledger before the history is still an error: the watcher cannot scan it.
    await expect(observer.blockHashAt(94)).rejects.toThrow(/HTTP 410/);
  });

  it('gives the genesis ledger no parent, and refuses a hash it never saw', async () => {
    const genesis = await observer.blockHashAt(1);
    expect((await observer.header(genesis!)).parentHash).toBeNull();
    await expect(observer.header('ff'.repeat(32))).rejects.toBeInstanceOf(ChainBackendError);
  });

  it('follows contiguous ledgers with parent-hash continuity, as the watcher checks', async () => {
    let cursor = await observer.tip();
    horizon.closeLedgers(5);
    const tip = await observer.tip();
    while (cursor.height < tip.height) {
      const hash = await observer.blockHashAt(cursor.height + 1);
      const block = await observer.block(hash!);
      expect(block.parentHash).toBe(cursor.hash);
      cursor = { height: block.height, hash: block.hash };
    }
    expect(cursor).toEqual(tip);
    expect(await observer.mempoolTxids()).toEqual([]);
    expect(await observer.mempoolOutputs(['x'])).toEqual([]);
  });

  it('raises ChainBackendError when Horizon fails', async () => {
    horizon.failNext('/ledgers', 1, 503);
    await expect(observer.tip()).rejects.toThrow(/HTTP 503/);
    await horizon.stop();
    await expect(observer.blockHashAt(3)).rejects.toBeInstanceOf(ChainBackendError);
    horizon = await startFakeHorizon();
  });
});

describe('createStellarObserver: payments in a ledger', () => {
  async function blockAt(sequence: number) {
    const hash = await observer.blockHashAt(sequence);
    return observer.block(hash!);
  }

  it('reports XLM and USDC payments with txid, operation index, key, amount and account', async () => {
    const target = stellarAdapter.deriveDepositTarget({
      chain: CHAIN,
      wallet: MERCHANT,
      index: 4,
      paymentId: 'p',
    });
    const xlm = await horizon.pay({ to: MERCHANT, memoId: target.memo, amount: 123_456_789n, asset: 'XLM' });
    const usdc = await horizon.pay({ to: target.alternateAddress!, amount: '10', asset: USDC });
    const sequence = horizon.closeLedgers();
    const block = await blockAt(sequence);
    expect(block.outputs).toEqual([
      { txid: xlm, index: 0, matchKey: target.matchKey, amount: 123_456_789n, account: MERCHANT },
      {
        txid: usdc,
        index: 0,
        matchKey: target.matchKey,
        amount: 100_000_000n,
        account: MERCHANT,
        coinSymbol: 'USDC',
      },
    ]);
    expect(xlm).toMatch(/^[0-9a-f]{64}$/);
  });

  it('matches a muxed payment and a memo-ID payment to the same key, and keeps other IDs apart', async () => {
    const muxed = await horizon.pay({ to: muxedAddressOf(MERCHANT, 9n), amount: 1n, asset: 'XLM' });
    const memo = await horizon.pay({ to: MERCHANT, memoId: '9', amount: 2n, asset: 'XLM' });
    await horizon.pay({ to: MERCHANT, memoId: '10', amount: 3n, asset: 'XLM' });
    await horizon.pay({ to: MERCHANT, memoText: '9', amount: 4n, asset: 'XLM' });
    await horizon.pay({ to: MERCHANT, amount: 5n, asset: 'XLM' });
    const block = await blockAt(horizon.closeLedgers());
    const keyed = block.outputs.filter((o) => o.matchKey === `${MERCHANT}:9`).map((o) => o.txid);
    expect(keyed).toEqual([muxed, memo]);
    expect(block.outputs.map((o) => o.matchKey)).toEqual([
      `${MERCHANT}:9`,
      `${MERCHANT}:9`,
      `${MERCHANT}:10`,
      MERCHANT,
      MERCHANT,
    ]);
  });

  it('reads to_muxed_id printed as a JSON number, exactly, even above 2^53', async () => {
    await horizon.stop();
    horizon = await startFakeHorizon({ muxedIdAsNumber: true });
    observer = stellarAdapter.createObserver!({
      chain: CHAIN,
      backend: { kind: 'json-rpc', url: horizon.url, timeoutMs: 5_000 },
    }) as BlockScanObserver;
    const small = await horizon.pay({ to: muxedAddressOf(MERCHANT, 42n), amount: 1n, asset: 'XLM' });
    const large = await horizon.pay({
      to: muxedAddressOf(MERCHANT, 2n ** 64n - 1n),
      amount: 2n,
      asset: 'XLM',
    });
    const sequence = horizon.closeLedgers();
    const raw = await (await fetch(`${horizon.url}/ledgers/${sequence}/payments`)).text();
    expect(raw).toContain('"to_muxed_id": 18446744073709551615');
    const block = await blockAt(sequence);
    expect(block.outputs.map((o) => [o.txid, o.matchKey])).toEqual([
      [small, `${MERCHANT}:42`],
      [large, `${MERCHANT}:18446744073709551615`],
    ]);
  });

  it('ignores a USDC from another issuer (attack) and failed transactions', async () => {
    await horizon.pay({
      to: MERCHANT,
      memoId: '1',
      amount: '1000',
      asset: { code: 'USDC', issuer: ATTACKER.publicKey() },
    });
    await horizon.pay({ to: MERCHANT, memoId: '1', amount: '1000', asset: USDC, failed: true });
    await horizon.pay({ to: MERCHANT, memoId: '1', amount: '1000', asset: 'XLM', failed: true });
    const real = await horizon.pay({ to: MERCHANT, memoId: '1', amount: '1', asset: USDC });
    const sequence = horizon.closeLedgers();
    const block = await blockAt(sequence);
    expect(block.outputs).toEqual([
      {
        txid: real,
        index: 0,
        matchKey: `${MERCHANT}:1`,
        amount: 10_000_000n,
        account: MERCHANT,
        coinSymbol: 'USDC',
      },
    ]);
    // The fake did record the failed ones: they are in the ledger, only not counted.
    const res = await fetch(`${horizon.url}/ledgers/${sequence}`);
    expect((await res.json()).failed_transaction_count).toBe(2);
    const failed = await fetch(`${horizon.url}/ledgers/${sequence}/payments?include_failed=true&limit=200`);
    expect((await failed.json())._embedded.records).toHaveLength(4);
  });

  it('credits path payments with what the destination received, and skips create_account', async () => {
    const receive = await horizon.pay({
      to: MERCHANT,
      memoId: '3',
      amount: '2.5',
      asset: USDC,
      pathPayment: 'strict-receive',
    });
    const send = await horizon.pay({
      to: muxedAddressOf(MERCHANT, 3n),
      amount: '7',
      asset: 'XLM',
      pathPayment: 'strict-send',
    });
    await horizon.createAccount(Keypair.random().publicKey(), '5');
    const block = await blockAt(horizon.closeLedgers());
    expect(block.outputs).toEqual([
      {
        txid: receive,
        index: 0,
        matchKey: `${MERCHANT}:3`,
        amount: 25_000_000n,
        account: MERCHANT,
        coinSymbol: 'USDC',
      },
      { txid: send, index: 0, matchKey: `${MERCHANT}:3`, amount: 70_000_000n, account: MERCHANT },
    ]);
  });

  it('credits Soroban contract transfers (smart wallets): muxed ID or bare account, Circle USDC and XLM only', async () => {
    const target = stellarAdapter.deriveDepositTarget({
      chain: CHAIN,
      wallet: MERCHANT,
      index: 6,
      paymentId: 'p',
    });
    const usdc = await horizon.pay({
      to: target.alternateAddress!,
      amount: '12.5',
      asset: USDC,
      viaContract: true,
    });
    const xlm = await horizon.pay({ to: MERCHANT, amount: 3n, asset: 'XLM', viaContract: true });
    await horizon.pay({
      to: target.alternateAddress!,
      amount: '1000',
      asset: { code: 'USDC', issuer: ATTACKER.publicKey() },
      viaContract: true,
    });
    await horizon.pay({
      to: target.alternateAddress!,
      amount: '1000',
      asset: USDC,
      viaContract: true,
      failed: true,
    });
    const sequence = horizon.closeLedgers();
    const block = await blockAt(sequence);
    expect(block.outputs).toEqual([
      {
        txid: usdc,
        index: 0,
        matchKey: target.matchKey,
        amount: 125_000_000n,
        account: MERCHANT,
        coinSymbol: 'USDC',
      },
      { txid: xlm, index: 0, matchKey: MERCHANT, amount: 3n, account: MERCHANT },
    ]);
    // What the fake served is Horizon's invoke_host_function shape.
    const page = await (await fetch(`${horizon.url}/ledgers/${sequence}/payments?limit=1`)).json();
    expect(page._embedded.records[0]).toMatchObject({
      type: 'invoke_host_function',
      type_i: 24,
      function: 'HostFunctionTypeHostFunctionTypeInvokeContract',
      asset_balance_changes: [
        {
          type: 'transfer',
          to: MERCHANT,
          destination_muxed_id: target.memo,
          amount: '12.5000000',
          asset_code: 'USDC',
          asset_issuer: USDC.issuer,
        },
      ],
    });
    expect(page._embedded.records[0].parameters.map((p: { type: string }) => p.type)).toEqual([
      'Address',
      'Sym',
      'Address',
      'Address',
      'I128',
    ]);
  });

  it('fails the block rather than lose a memo when Horizon leaves out the joined transaction', async () => {
    await horizon.pay({ to: MERCHANT, memoId: '5', amount: 1n, asset: 'XLM' });
    const sequence = horizon.closeLedgers();
    const hash = await observer.blockHashAt(sequence);
    horizon.dropJoinedTransactions(true);
    await expect(observer.block(hash!)).rejects.toThrow(/join=transactions/);
    horizon.dropJoinedTransactions(false);
    expect((await observer.block(hash!)).outputs.map((o) => o.matchKey)).toEqual([`${MERCHANT}:5`]);
  });

  it('pages through more than 200 payments in one ledger, each once', async () => {
    const txids: string[] = [];
    for (let i = 0; i < 450; i += 1) {
      txids.push(
        await horizon.pay({ to: MERCHANT, memoId: String(i + 1), amount: BigInt(i + 1), asset: 'XLM' }),
      );
    }
    const sequence = horizon.closeLedgers();
    const before = horizon.requests.length;
    const block = await blockAt(sequence);
    expect(block.outputs).toHaveLength(450);
    expect(block.outputs.map((o) => o.txid)).toEqual(txids);
    expect(new Set(block.outputs.map((o) => `${o.txid}:${o.index}`)).size).toBe(450);
    expect(block.outputs.reduce((sum, o) => sum + o.amount, 0n)).toBe((450n * 451n) / 2n);
    // Cost: the ledger read plus three pages (200, 200, 50), using paging_token cursors.
    const calls = horizon.requests.slice(before);
    expect(calls).toHaveLength(4);
    expect(calls[0]).toBe(`GET /ledgers/${sequence}`);
    expect(
      calls
        .slice(1)
        .every(
          (c) =>
            c.startsWith(`GET /ledgers/${sequence}/operations?`) &&
            c.includes('limit=200') &&
            c.includes('join=transactions') &&
            c.includes('include_failed=false'),
        ),
    ).toBe(true);
    expect(calls[1]).not.toContain('cursor=');
    expect(calls[2]).toContain('cursor=');
  }, 30_000);

  it('reads an exactly full page and stops at the empty one', async () => {
    for (let i = 0; i < 200; i += 1) await horizon.pay({ to: MERCHANT, amount: 1n, asset: 'XLM' });
    const block = await blockAt(horizon.closeLedgers());
    expect(block.outputs).toHaveLength(200);
  }, 30_000);

  it('retries nothing silently: a failed operations page fails the block', async () => {
    await horizon.pay({ to: MERCHANT, amount: 1n, asset: 'XLM' });
    const sequence = horizon.closeLedgers();
    const hash = await observer.blockHashAt(sequence);
    horizon.failNext(`/ledgers/${sequence}/operations`, 1, 500);
    await expect(observer.block(hash!)).rejects.toBeInstanceOf(ChainBackendError);
    expect((await observer.block(hash!)).outputs).toHaveLength(1);
  });
});

describe('createStellarObserver: claimable balances', () => {
  const OTHER = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 13)).publicKey();

  async function blockAt(sequence: number) {
    const hash = await observer.blockHashAt(sequence);
    return observer.block(hash!);
  }

  it('reports a claimable balance naming the merchant, in XLM and in USDC, as a stray (never an output)', async () => {
    const xlm = await horizon.createClaimableBalance({
      claimants: [MERCHANT],
      amount: 25_000_000n,
      asset: 'XLM',
    });
    const usdc = await horizon.createClaimableBalance({
      claimants: [
        // The sender may take it back after a day; the merchant any time.
        {
          destination: horizon.payer.publicKey(),
          predicate: Claimant.predicateNot(Claimant.predicateBeforeRelativeTime('86400')),
        },
        MERCHANT,
      ],
      amount: '12.5',
      asset: USDC,
      memoId: '7',
    });
    const paid = await horizon.pay({ to: MERCHANT, memoId: '3', amount: 1n, asset: 'XLM' });
    const sequence = horizon.closeLedgers();
    const block = await blockAt(sequence);
    expect(block.outputs).toEqual([
      { txid: paid, index: 0, matchKey: `${MERCHANT}:3`, amount: 1n, account: MERCHANT },
    ]);
    expect(block.strays).toEqual([
      {
        kind: 'claimable_balance',
        txid: xlm,
        index: 0,
        matchKey: MERCHANT,
        amount: 25_000_000n,
        account: MERCHANT,
      },
      {
        kind: 'claimable_balance',
        txid: usdc,
        index: 0,
        matchKey: `${MERCHANT}:7`,
        amount: 125_000_000n,
        account: MERCHANT,
        coinSymbol: 'USDC',
      },
    ]);
    // What the fake served is Horizon's create_claimable_balance shape, on the operations endpoint only.
    const ops = await (await fetch(`${horizon.url}/ledgers/${sequence}/operations?limit=200`)).json();
    expect(ops._embedded.records[1]).toMatchObject({
      type: 'create_claimable_balance',
      type_i: 14,
      asset: `USDC:${USDC.issuer}`,
      amount: '12.5000000',
      claimants: [
        { destination: horizon.payer.publicKey(), predicate: { not: { rel_before: '86400' } } },
        { destination: MERCHANT, predicate: { unconditional: true } },
      ],
    });
    const payments = await (await fetch(`${horizon.url}/ledgers/${sequence}/payments?limit=200`)).json();
    expect(payments._embedded.records.map((r: { type: string }) => r.type)).toEqual(['payment']);
  });

  it('reports every claimant but the creator, and nothing for another asset or a failed transaction', async () => {
    const both = await horizon.createClaimableBalance({
      claimants: [OTHER, MERCHANT],
      amount: 5n,
      asset: 'XLM',
    });
    await horizon.createClaimableBalance({
      claimants: [MERCHANT],
      amount: '1000',
      asset: { code: 'USDC', issuer: ATTACKER.publicKey() },
    });
    await horizon.createClaimableBalance({
      claimants: [MERCHANT],
      amount: '1000',
      asset: USDC,
      failed: true,
    });
    // A merchant refunding through a claimable balance it may reclaim: not stray money of its own.
    const refund = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 11));
    await horizon.createClaimableBalance({
      claimants: [OTHER, MERCHANT],
      amount: 9n,
      asset: 'XLM',
      from: refund,
    });
    const block = await blockAt(horizon.closeLedgers());
    expect(block.outputs).toEqual([]);
    expect(block.strays?.map((s) => [s.txid, s.account, s.amount])).toEqual([
      [both, OTHER, 5n],
      [both, MERCHANT, 5n],
      [expect.any(String), OTHER, 9n],
    ]);
  });

  it('pages a ledger mixing payments and claimable balances, and reads no operations of an empty ledger', async () => {
    const balances: string[] = [];
    for (let i = 0; i < 250; i += 1) {
      if (i % 50 === 49)
        balances.push(
          await horizon.createClaimableBalance({ claimants: [MERCHANT], amount: 1n, asset: 'XLM' }),
        );
      else await horizon.pay({ to: MERCHANT, amount: 1n, asset: 'XLM' });
    }
    const sequence = horizon.closeLedgers();
    let before = horizon.requests.length;
    const block = await blockAt(sequence);
    expect(block.outputs).toHaveLength(245);
    expect(block.strays?.map((s) => s.txid)).toEqual(balances);
    expect(horizon.requests.slice(before).filter((c) => c.includes('/operations'))).toHaveLength(2);
    const empty = horizon.closeLedgers();
    before = horizon.requests.length;
    const emptyBlock = await blockAt(empty);
    expect(emptyBlock).toMatchObject({ height: empty, outputs: [] });
    expect(emptyBlock.strays).toBeUndefined();
    expect(horizon.requests.slice(before)).toEqual([`GET /ledgers/${empty}`]);
  }, 30_000);
});
