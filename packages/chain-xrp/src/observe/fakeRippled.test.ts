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
    const past = rippled.validated().index + 5;
    expect(await rpc('ledger', { ledger_index: past, api_version: 2 })).toEqual({
      error: 'lgrNotFound',
      error_code: 21,
      error_message: 'ledgerNotFound',
      request: { command: 'ledger', ledger_index: past, api_version: 2 },
      status: 'error',
    });
    expect(await rpc('account_tx', { account: MERCHANT })).toMatchObject({
      error: 'unknownCmd',
      error_code: 32,
      status: 'error',
    });
    expect(await rpc('account_info', { account: MERCHANT, api_version: 2 })).toMatchObject({
      error: 'actNotFound',
      error_code: 19,
      error_message: 'Account not found.',
      request: { command: 'account_info', account: MERCHANT, api_version: 2 },
      status: 'error',
    });
    expect(await rpc('ledger', { ledger_hash: 'zz', api_version: 2 })).toMatchObject({
      error: 'invalidParams',
      error_code: 31,
      error_message: "Invalid field 'ledger_hash', not hex string.",
    });
  });

  it('refuses an API version it does not support before any method runs: HTTP 400, plain text', async () => {
    const response = await fetch(rippled.url, {
      method: 'POST',
      body: JSON.stringify({ method: 'ledger', params: [{ api_version: 3 }] }),
    });
    expect(response.status).toBe(400);
    expect((await response.text()).trim()).toBe('invalid_API_version');
    const noMethod = await fetch(rippled.url, { method: 'POST', body: JSON.stringify({ params: [{}] }) });
    expect(noMethod.status).toBe(400);
  });

  it('answers the open ledger for its own index, unvalidated and without a hash, as rippled does', async () => {
    const open = rippled.validated().index + 1;
    const result = await rpc('ledger', { ledger_index: open, api_version: 2 });
    expect(result).toMatchObject({
      ledger: { closed: false, ledger_index: open },
      ledger_current_index: open,
      validated: false,
      status: 'success',
    });
    expect(result.ledger).not.toHaveProperty('ledger_hash');
  });

  it('plays a lagging server: its validated ledger is behind and the ledgers above it are not found', async () => {
    const [first, second] = rippled.closeLedgers(2);
    rippled.setLag(1);
    expect(await rpc('ledger', { ledger_index: 'validated', api_version: 2 })).toMatchObject({
      ledger_index: first!.index,
      validated: true,
    });
    expect(await rpc('ledger', { ledger_hash: second!.hash, api_version: 2 })).toMatchObject({
      error: 'lgrNotFound',
    });
    rippled.setLag(0);
    expect(await rpc('ledger', { ledger_hash: second!.hash, api_version: 2 })).toMatchObject({
      ledger_index: second!.index,
      validated: true,
    });
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
