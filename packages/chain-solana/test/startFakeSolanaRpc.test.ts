import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveSolanaReference } from '../src/deriveSolanaReference.js';
import { type FakeSolanaRpc, startFakeSolanaRpc } from './startFakeSolanaRpc.js';

// The fake's wire format, read raw (no client in between), against the documented examples:
// https://solana.com/docs/rpc/http/getsignaturesforaddress, .../getblock, .../gettransaction and the
// "Token Balances Structure" of https://solana.com/docs/rpc/json-structures.

let rpc: FakeSolanaRpc;
beforeAll(async () => {
  rpc = await startFakeSolanaRpc();
});
afterAll(async () => {
  await rpc.stop();
});

/** One JSON-RPC call; `T` is the documented shape of its result, as far as a test reads it. */
async function call<T = unknown>(
  method: string,
  params: unknown[],
): Promise<{ result: T; error: { code: number; message: string } }> {
  const response = await fetch(rpc.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return response.json() as Promise<{ result: T; error: { code: number; message: string } }>;
}

describe('fake Solana RPC wire format', () => {
  it('lists a failed payment with Agave\'s error JSON and formats memos as "[length] text"', async () => {
    const wallet = await rpc.newWallet();
    const reference = deriveSolanaReference('fake-format-1');
    const failed = await rpc.payFailing({
      recipient: wallet,
      reference,
      amount: 2_000_000_000n,
      coin: 'SOL',
    });
    const memo = await rpc.pay({ recipient: wallet, memo: 'order 42', amount: 1_000_000_000n, coin: 'SOL' });
    rpc.closeBlocks(1);
    const { result } = await call('getSignaturesForAddress', [wallet, { commitment: 'finalized' }]);
    expect(result).toEqual([
      {
        blockTime: expect.any(Number),
        confirmationStatus: 'finalized',
        err: null,
        memo: '[8] order 42',
        signature: memo,
        slot: rpc.blockOf(memo)!.slot,
      },
      {
        blockTime: expect.any(Number),
        confirmationStatus: 'finalized',
        err: { InstructionError: [0, { Custom: 1 }] },
        memo: null,
        signature: failed,
        slot: rpc.blockOf(failed)!.slot,
      },
    ]);
    type Meta = { err: unknown; status: unknown; fee: number; preBalances: number[]; postBalances: number[] };
    const tx = (await call<{ meta: Meta }>('getTransaction', [failed, { maxSupportedTransactionVersion: 0 }]))
      .result;
    expect(tx.meta.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(tx.meta.status).toEqual({ Err: { InstructionError: [0, { Custom: 1 }] } });
    // A failed transaction still pays its fee, from its fee payer (index 0).
    expect(tx.meta.preBalances[0]! - tx.meta.postBalances[0]!).toBe(tx.meta.fee);
  });

  it('answers getTransaction (json) with the documented fields and token balances', async () => {
    const wallet = await rpc.newWallet();
    const signature = await rpc.pay({ recipient: wallet, amount: 1_500_000n, coin: 'USDC' });
    rpc.closeBlocks(1);
    const { result } = await call<{
      transaction: { message: object };
      meta: { postTokenBalances: { owner: string }[] };
    }>('getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }]);
    expect(Object.keys(result).sort()).toEqual(['blockTime', 'meta', 'slot', 'transaction', 'version']);
    expect(Object.keys(result.transaction.message).sort()).toEqual([
      'accountKeys',
      'addressTableLookups',
      'header',
      'instructions',
      'recentBlockhash',
    ]);
    const post = result.meta.postTokenBalances.find((b) => b.owner === wallet);
    expect(post).toEqual({
      accountIndex: expect.any(Number),
      mint: rpc.usdcMint,
      owner: wallet,
      programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      uiTokenAmount: { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' },
    });
    // Without maxSupportedTransactionVersion a version-0 transaction is refused, as Agave does.
    expect((await call('getTransaction', [signature, 'json'])).error.code).toBe(-32015);
  });

  it('answers getBlock with transactionDetails none, and the RPC errors for skipped and unfinalized slots', async () => {
    const [a, b] = rpc.closeBlocks(2);
    const { result } = await call('getBlock', [b!.slot, { transactionDetails: 'none', rewards: false }]);
    expect(result).toEqual({
      blockHeight: b!.height,
      blockTime: expect.any(Number),
      blockhash: b!.hash,
      parentSlot: a!.slot,
      previousBlockhash: a!.hash,
    });
    const skipped = [...Array(b!.slot - a!.slot - 1)].map((_, i) => a!.slot + 1 + i);
    for (const slot of skipped) {
      expect((await call('getBlock', [slot, { transactionDetails: 'none' }])).error.code).toBe(-32007);
    }
    const [confirmed] = rpc.confirmBlocks(1);
    expect((await call('getBlock', [confirmed!.slot, { transactionDetails: 'none' }])).error.code).toBe(
      -32004,
    );
    expect(
      (
        await call<{ blockhash: string }>('getBlock', [
          confirmed!.slot,
          { commitment: 'confirmed', transactionDetails: 'none' },
        ])
      ).result.blockhash,
    ).toBe(confirmed!.hash);
    expect((await call('getSlot', [])).result).toBe(b!.slot);
    expect((await call('getSlot', [{ commitment: 'confirmed' }])).result).toBe(confirmed!.slot);
    rpc.closeBlocks(0);
    expect((await call('getSlot', [])).result).toBe(confirmed!.slot);
  });
});
