import { Keypair, StrKey } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import type { HorizonBalanceChange, HorizonPaymentRecord } from '../horizon/horizonTypes.js';
import { muxedAddressOf } from '../muxedAccounts.js';
import { STELLAR_USDC_ISSUERS } from '../stellarUsdc.js';
import {
  ledgerOfOperationId,
  operationIndexOf,
  type PaymentReading,
  readPaymentRecord,
} from './readPaymentRecord.js';

const TO = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1)).publicKey();
const FROM = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 2)).publicKey();
const ISSUER = STELLAR_USDC_ISSUERS.public;
// Operation 2 of transaction 3 in ledger 1000: 1000 << 32 | 3 << 12 | 2.
const OP_ID = ((1000n << 32n) | (3n << 12n) | 2n).toString();

/** The match key of the single output a record gives, or undefined. */
function keyOf(reading: PaymentReading): string | undefined {
  return reading.kind === 'outputs' && reading.outputs.length === 1
    ? reading.outputs[0]!.matchKey
    : undefined;
}

/** Shaped after Horizon's "The Payment Object" example and `HorizonApi.PaymentOperationResponse`. */
function record(patch: Partial<HorizonPaymentRecord> = {}): HorizonPaymentRecord {
  return {
    id: OP_ID,
    paging_token: OP_ID,
    transaction_successful: true,
    source_account: FROM,
    type: 'payment',
    type_i: 1,
    created_at: '2025-01-01T00:00:00Z',
    transaction_hash: 'ab'.repeat(32),
    asset_type: 'native',
    from: FROM,
    to: TO,
    amount: '25.5000000',
    transaction: {
      id: 'ab'.repeat(32),
      hash: 'ab'.repeat(32),
      ledger: 1000,
      successful: true,
      memo_type: 'none',
    },
    ...patch,
  };
}

describe('readPaymentRecord', () => {
  it('reads a plain XLM payment: txid, operation index, account-only key, stroops', () => {
    expect(operationIndexOf(OP_ID)).toBe(1);
    expect(ledgerOfOperationId(OP_ID)).toBe(1000);
    expect(readPaymentRecord(record(), ISSUER)).toEqual({
      kind: 'outputs',
      outputs: [{ txid: 'ab'.repeat(32), index: 1, matchKey: TO, amount: 255_000_000n, account: TO }],
    });
  });

  it('keys a memo-ID payment and a muxed payment with the same ID alike', () => {
    const memo = readPaymentRecord(
      record({ transaction: { ...record().transaction!, memo_type: 'id', memo: '42' } }),
      ISSUER,
    );
    const muxed = readPaymentRecord(record({ to_muxed: muxedAddressOf(TO, 42n), to_muxed_id: '42' }), ISSUER);
    expect(keyOf(memo)).toBe(`${TO}:42`);
    expect(keyOf(muxed)).toBe(`${TO}:42`);
  });

  it('reads to_muxed_id as a string or a number, and refuses one that disagrees with to_muxed', () => {
    const asNumber = readPaymentRecord(
      record({ to_muxed: muxedAddressOf(TO, 42n), to_muxed_id: 42 }),
      ISSUER,
    );
    expect(keyOf(asNumber)).toBe(`${TO}:42`);
    expect(() =>
      readPaymentRecord(record({ to_muxed: muxedAddressOf(TO, 42n), to_muxed_id: 43 }), ISSUER),
    ).toThrow(/to_muxed_id 43 disagrees/);
    // A number JSON.parse rounded cannot be compared: the ID comes from to_muxed alone, exactly.
    const rounded = readPaymentRecord(
      record({
        to_muxed: muxedAddressOf(TO, 2n ** 64n - 1n),
        to_muxed_id: JSON.parse('18446744073709551615') as number,
      }),
      ISSUER,
    );
    expect(keyOf(rounded)).toBe(`${TO}:18446744073709551615`);
  });

  it('prefers the muxed ID over the memo, and reads ID 0 from to_muxed when Horizon omits to_muxed_id', () => {
    const both = readPaymentRecord(
      record({
        to_muxed: muxedAddressOf(TO, 7n),
        to_muxed_id: '7',
        transaction: { ...record().transaction!, memo_type: 'id', memo: '42' },
      }),
      ISSUER,
    );
    expect(keyOf(both)).toBe(`${TO}:7`);
    const zero = readPaymentRecord(record({ to_muxed: muxedAddressOf(TO, 0n) }), ISSUER);
    expect(keyOf(zero)).toBe(`${TO}:0`);
  });

  it('ignores text memos (key: the account alone) and flags a broken ID memo', () => {
    const text = readPaymentRecord(
      record({ transaction: { ...record().transaction!, memo_type: 'text', memo: '42' } }),
      ISSUER,
    );
    expect(keyOf(text)).toBe(TO);
    const broken = readPaymentRecord(
      record({ transaction: { ...record().transaction!, memo_type: 'id', memo: '-4' } }),
      ISSUER,
    );
    expect(broken).toMatchObject({ kind: 'outputs', unreadableMemo: true, outputs: [{ matchKey: TO }] });
  });

  it('counts Circle USDC only: the same code from another issuer is skipped', () => {
    const circle = readPaymentRecord(
      record({ asset_type: 'credit_alphanum4', asset_code: 'USDC', asset_issuer: ISSUER }),
      ISSUER,
    );
    expect(circle).toMatchObject({
      kind: 'outputs',
      outputs: [{ coinSymbol: 'USDC', amount: 255_000_000n }],
    });
    const fake = readPaymentRecord(
      record({ asset_type: 'credit_alphanum4', asset_code: 'USDC', asset_issuer: FROM }),
      ISSUER,
    );
    expect(fake).toEqual({ kind: 'skipped', reason: 'other-asset' });
    const other = readPaymentRecord(
      record({ asset_type: 'credit_alphanum4', asset_code: 'EURC', asset_issuer: ISSUER }),
      ISSUER,
    );
    expect(other).toEqual({ kind: 'skipped', reason: 'other-asset' });
  });

  it('credits path payments with the destination amount', () => {
    for (const type of ['path_payment_strict_receive', 'path_payment_strict_send']) {
      const reading = readPaymentRecord(
        { ...record({ type, amount: '10.0000000' }), source_amount: '99.0000000' } as HorizonPaymentRecord,
        ISSUER,
      );
      expect(reading).toMatchObject({ kind: 'outputs', outputs: [{ amount: 100_000_000n }] });
    }
  });

  it('skips failed transactions, create_account and account_merge', () => {
    expect(readPaymentRecord(record({ transaction_successful: false }), ISSUER)).toEqual({
      kind: 'skipped',
      reason: 'failed',
    });
    expect(
      readPaymentRecord(record({ transaction: { ...record().transaction!, successful: false } }), ISSUER),
    ).toEqual({ kind: 'skipped', reason: 'failed' });
    expect(readPaymentRecord(record({ type: 'create_account', type_i: 0 }), ISSUER)).toEqual({
      kind: 'skipped',
      reason: 'not-a-payment',
    });
    expect(readPaymentRecord(record({ type: 'account_merge', type_i: 8 }), ISSUER).kind).toBe('skipped');
  });

  it('throws on malformed records that would count', () => {
    expect(() => readPaymentRecord(record({ amount: '1.00000001' }), ISSUER)).toThrow();
    expect(() => readPaymentRecord(record({ to_muxed: muxedAddressOf(FROM, 1n) }), ISSUER)).toThrow(
      /not an address of/,
    );
    expect(() =>
      readPaymentRecord(record({ to_muxed: muxedAddressOf(TO, 1n), to_muxed_id: '2' }), ISSUER),
    ).toThrow(/disagrees/);
  });

  it('refuses a counted payment without its joined transaction (its ID memo would be lost) or with another one', () => {
    const { transaction: _dropped, ...bare } = record();
    expect(() => readPaymentRecord(bare, ISSUER)).toThrow(/join=transactions/);
    expect(() =>
      readPaymentRecord(record({ transaction: { ...record().transaction!, hash: 'cd'.repeat(32) } }), ISSUER),
    ).toThrow(/joined transaction/);
  });

  it('counts USDC only as the alphanum4 asset (code, issuer)', () => {
    const twelve = readPaymentRecord(
      record({ asset_type: 'credit_alphanum12', asset_code: 'USDC', asset_issuer: ISSUER }),
      ISSUER,
    );
    expect(twelve).toEqual({ kind: 'skipped', reason: 'other-asset' });
  });
});

describe('readPaymentRecord: Soroban calls (invoke_host_function asset_balance_changes)', () => {
  const CONTRACT = StrKey.encodeContract(Buffer.alloc(32, 5));
  /**
   * Shaped after the SDK's `HorizonApi.InvokeHostFunctionOperationResponse` / `BalanceChange` and
   * Horizon's `createSACBalanceChangeEntry` (stellar-horizon `internal/ingest/processors/
   * operations_processor.go`): `from`/`to` as StrKeys, `amount` with 7 decimals, `destination_muxed_id`
   * for an ID.
   */
  function call(changes: HorizonBalanceChange[] | null, patch: Partial<HorizonPaymentRecord> = {}) {
    const {
      from: _f,
      to: _t,
      amount: _a,
      asset_type: _at,
      ...base
    } = record({
      type: 'invoke_host_function',
      type_i: 24,
    });
    return { ...base, asset_balance_changes: changes, ...patch } as HorizonPaymentRecord;
  }
  const usdc = { asset_type: 'credit_alphanum4', asset_code: 'USDC', asset_issuer: ISSUER };

  it('credits transfers and mints to accounts, keyed by destination_muxed_id, each with its own index', () => {
    const reading = readPaymentRecord(
      call([
        {
          type: 'transfer',
          from: CONTRACT,
          to: TO,
          amount: '1.5000000',
          ...usdc,
          destination_muxed_id: '42',
        },
        { type: 'transfer', from: FROM, to: TO, amount: '2.0000000', asset_type: 'native' },
        { type: 'mint', to: TO, amount: '3.0000000', ...usdc },
      ]),
      ISSUER,
    );
    expect(reading).toEqual({
      kind: 'outputs',
      outputs: [
        {
          txid: 'ab'.repeat(32),
          index: 1,
          matchKey: `${TO}:42`,
          amount: 15_000_000n,
          account: TO,
          coinSymbol: 'USDC',
        },
        { txid: 'ab'.repeat(32), index: 101, matchKey: TO, amount: 20_000_000n, account: TO },
        {
          txid: 'ab'.repeat(32),
          index: 201,
          matchKey: TO,
          amount: 30_000_000n,
          account: TO,
          coinSymbol: 'USDC',
        },
      ],
    });
  });

  it('reads a muxed to as its account and ID, and refuses a destination_muxed_id that disagrees', () => {
    const M = muxedAddressOf(TO, 9n);
    expect(
      keyOf(readPaymentRecord(call([{ type: 'transfer', from: FROM, to: M, amount: '1', ...usdc }]), ISSUER)),
    ).toBe(`${TO}:9`);
    expect(() =>
      readPaymentRecord(
        call([{ type: 'transfer', from: FROM, to: M, amount: '1', ...usdc, destination_muxed_id: '8' }]),
        ISSUER,
      ),
    ).toThrow(/destination_muxed_id/);
    expect(() =>
      readPaymentRecord(
        call([{ type: 'transfer', from: FROM, to: TO, amount: '1', ...usdc, destination_muxed_id: '-1' }]),
        ISSUER,
      ),
    ).toThrow(/destination_muxed_id/);
  });

  it('skips credits to contracts, burns, clawbacks, other issuers, failed calls and calls without changes', () => {
    const skipped = call([
      { type: 'transfer', from: TO, to: CONTRACT, amount: '1', ...usdc },
      { type: 'burn', from: TO, amount: '1', ...usdc },
      { type: 'clawback', from: TO, amount: '1', ...usdc },
      { type: 'transfer', from: FROM, to: TO, amount: '1', ...usdc, asset_issuer: FROM },
      // A huge contract-to-contract amount (i128) is never parsed: it credits no account.
      {
        type: 'transfer',
        from: CONTRACT,
        to: CONTRACT,
        amount: '170141183460469231731687303715884105727',
        ...usdc,
      },
    ]);
    expect(readPaymentRecord(skipped, ISSUER)).toEqual({ kind: 'skipped', reason: 'no-credit' });
    expect(readPaymentRecord(call(null), ISSUER)).toEqual({ kind: 'skipped', reason: 'no-credit' });
    const failed = call([{ type: 'transfer', from: FROM, to: TO, amount: '1', ...usdc }], {
      transaction_successful: false,
    });
    expect(readPaymentRecord(failed, ISSUER)).toEqual({ kind: 'skipped', reason: 'failed' });
  });
});
