import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encode, hashes, verifySignature } from 'xrpl';
import { type FakeRippled, startFakeRippled } from '../../test/index.js';

/** The fake rippled (test/startFakeRippled.ts) itself: what the observer suites rely on it for. */

const MERCHANT = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';

let rippled: FakeRippled;
beforeEach(async () => {
  rippled = await startFakeRippled();
});
afterEach(async () => {
  await rippled.stop();
});

type Json = Record<string, unknown>;
async function rpc(method: string, params: Json): Promise<Json> {
  const response = await fetch(rippled.url, {
    method: 'POST',
    body: JSON.stringify({ method, params: [params] }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: Json }).result;
}

describe('startFakeRippled', () => {
  it('serves real signed transactions: the JSON re-encodes to the hash and the signature verifies', async () => {
    const txid = rippled.pay({ to: MERCHANT, tag: 3, amountDrops: 12_345n });
    const result = await rpc('ledger', {
      ledger_index: 'validated',
      transactions: true,
      expand: true,
      api_version: 2,
    });
    const [entry] = (result.ledger as { transactions: Json[] }).transactions as {
      tx_json: Json;
      hash: string;
      validated: boolean;
      ledger_index: number;
    }[];
    expect(entry!.hash).toBe(txid);
    expect(entry!).toMatchObject({ validated: true, ledger_index: rippled.validated().index });
    // API v2 renames a Payment's Amount to DeliverMax; rename it back to re-serialize.
    const { DeliverMax, ...rest } = entry!.tx_json;
    expect(rest.Amount).toBeUndefined();
    const blob = encode({ ...rest, Amount: DeliverMax } as never);
    expect(hashes.hashSignedTx(blob)).toBe(txid);
    expect(verifySignature(blob)).toBe(true);
    expect(rest).toMatchObject({ Destination: MERCHANT, DestinationTag: 3, TransactionType: 'Payment' });
  });

  it('answers API v1 (no api_version) in the flat format with metaData and string indices', async () => {
    rippled.pay({ to: MERCHANT, amountDrops: 1n });
    const result = await rpc('ledger', { ledger_index: 'validated', transactions: true, expand: true });
    const ledger = result.ledger as { ledger_index: unknown; transactions: Json[] };
    expect(ledger.ledger_index).toBe(String(rippled.validated().index));
    expect(ledger.transactions[0]).toMatchObject({
      Amount: '1',
      DeliverMax: '1',
      metaData: { delivered_amount: '1' },
    });
    expect(ledger.transactions[0]!.tx_json).toBeUndefined();
  });

  it('answers the documented error format for unknown ledgers and methods', async () => {
    expect(
      await rpc('ledger', { ledger_index: rippled.validated().index + 5, api_version: 2 }),
    ).toMatchObject({
      error: 'lgrNotFound',
      status: 'error',
      request: { command: 'ledger' },
    });
    expect(await rpc('account_info', { account: MERCHANT })).toMatchObject({
      error: 'unknownCmd',
      status: 'error',
    });
    expect(await rpc('ledger', { api_version: 3 })).toMatchObject({ error: 'invalid_API_version' });
  });

  it('chains ledgers by parent_hash and leaves failed payments without delivered_amount', async () => {
    const before = rippled.validated();
    rippled.payFailed({ to: MERCHANT, tag: 1, amountDrops: 5n });
    const result = await rpc('ledger', {
      ledger_index: 'validated',
      transactions: true,
      expand: true,
      api_version: 2,
    });
    const ledger = result.ledger as {
      parent_hash: string;
      ledger_index: number;
      transactions: { meta: Json }[];
    };
    expect(ledger.parent_hash).toBe(before.hash);
    expect(ledger.ledger_index).toBe(before.index + 1);
    expect(ledger.transactions[0]!.meta.TransactionResult).toBe('tecPATH_PARTIAL');
    expect(ledger.transactions[0]!.meta).not.toHaveProperty('delivered_amount');
  });
});
