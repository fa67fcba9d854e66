import { Keypair } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import type { HorizonPaymentRecord } from '../horizon/horizonTypes.js';
import { muxedAddressOf } from '../muxedAccounts.js';
import { STELLAR_USDC_ISSUERS } from '../stellarUsdc.js';
import { ledgerOfOperationId, operationIndexOf, readPaymentRecord } from './readPaymentRecord.js';

const TO = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1)).publicKey();
const FROM = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 2)).publicKey();
const ISSUER = STELLAR_USDC_ISSUERS.public;
// Operation 2 of transaction 3 in ledger 1000: 1000 << 32 | 3 << 12 | 2.
const OP_ID = ((1000n << 32n) | (3n << 12n) | 2n).toString();

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
      kind: 'output',
      output: { txid: 'ab'.repeat(32), index: 1, matchKey: TO, amount: 255_000_000n, account: TO },
    });
  });

  it('keys a memo-ID payment and a muxed payment with the same ID alike', () => {
    const memo = readPaymentRecord(
      record({ transaction: { ...record().transaction!, memo_type: 'id', memo: '42' } }),
      ISSUER,
    );
    const muxed = readPaymentRecord(record({ to_muxed: muxedAddressOf(TO, 42n), to_muxed_id: '42' }), ISSUER);
    expect(memo.kind === 'output' && memo.output.matchKey).toBe(`${TO}:42`);
    expect(muxed.kind === 'output' && muxed.output.matchKey).toBe(`${TO}:42`);
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
    expect(both.kind === 'output' && both.output.matchKey).toBe(`${TO}:7`);
    const zero = readPaymentRecord(record({ to_muxed: muxedAddressOf(TO, 0n) }), ISSUER);
    expect(zero.kind === 'output' && zero.output.matchKey).toBe(`${TO}:0`);
  });

  it('ignores text memos (key: the account alone) and flags a broken ID memo', () => {
    const text = readPaymentRecord(
      record({ transaction: { ...record().transaction!, memo_type: 'text', memo: '42' } }),
      ISSUER,
    );
    expect(text.kind === 'output' && text.output.matchKey).toBe(TO);
    const broken = readPaymentRecord(
      record({ transaction: { ...record().transaction!, memo_type: 'id', memo: '-4' } }),
      ISSUER,
    );
    expect(broken).toMatchObject({ kind: 'output', unreadableMemo: true, output: { matchKey: TO } });
  });

  it('counts Circle USDC only: the same code from another issuer is skipped', () => {
    const circle = readPaymentRecord(
      record({ asset_type: 'credit_alphanum4', asset_code: 'USDC', asset_issuer: ISSUER }),
      ISSUER,
    );
    expect(circle).toMatchObject({ kind: 'output', output: { coinSymbol: 'USDC', amount: 255_000_000n } });
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
      expect(reading).toMatchObject({ kind: 'output', output: { amount: 100_000_000n } });
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
});
