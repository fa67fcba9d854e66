import { Keypair } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import type { HorizonOperationRecord } from '../horizon/horizonTypes.js';
import { STELLAR_USDC_ISSUERS } from '../stellarUsdc.js';
import { assetOfSep11, readClaimableBalance } from './readClaimableBalance.js';

const MERCHANT = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1)).publicKey();
const SENDER = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 2)).publicKey();
const ISSUER = STELLAR_USDC_ISSUERS.public;
// Operation 3 of transaction 2 in ledger 1000: 1000 << 32 | 2 << 12 | 3.
const OP_ID = ((1000n << 32n) | (2n << 12n) | 3n).toString();
const HASH = 'cd'.repeat(32);

/** Shaped after Horizon's "Create Claimable Balance" operation object. */
function record(patch: Partial<HorizonOperationRecord> = {}): HorizonOperationRecord {
  return {
    id: OP_ID,
    paging_token: OP_ID,
    transaction_successful: true,
    source_account: SENDER,
    type: 'create_claimable_balance',
    type_i: 14,
    created_at: '2025-01-01T00:00:00Z',
    transaction_hash: HASH,
    asset: `USDC:${ISSUER}`,
    amount: '10.0000000',
    claimants: [
      { destination: SENDER, predicate: { not: { rel_before: '86400' } } },
      { destination: MERCHANT, predicate: { unconditional: true } },
    ],
    transaction: { id: HASH, hash: HASH, ledger: 1000, successful: true, memo_type: 'none' },
    ...patch,
  };
}

describe('readClaimableBalance', () => {
  it('gives a stray per claimant other than the creator, at the operation index', () => {
    expect(readClaimableBalance(record(), ISSUER)).toEqual([
      {
        kind: 'claimable_balance',
        txid: HASH,
        index: 2,
        matchKey: MERCHANT,
        amount: 100_000_000n,
        account: MERCHANT,
        coinSymbol: 'USDC',
      },
    ]);
  });

  it('reads XLM, keeps an ID memo in the match key, and ignores muxed or malformed claimants', () => {
    const strays = readClaimableBalance(
      record({
        asset: 'native',
        amount: '0.0000001',
        claimants: [
          { destination: 'M-not-an-account' },
          { destination: MERCHANT },
          { destination: MERCHANT },
        ],
        transaction: { id: HASH, hash: HASH, ledger: 1000, successful: true, memo_type: 'id', memo: '42' },
      }),
      ISSUER,
    );
    expect(strays).toEqual([
      {
        kind: 'claimable_balance',
        txid: HASH,
        index: 2,
        matchKey: `${MERCHANT}:42`,
        amount: 1n,
        account: MERCHANT,
      },
    ]);
  });

  it('gives nothing for another asset, a USDC of another issuer, a failed transaction or another operation', () => {
    expect(readClaimableBalance(record({ asset: `USDC:${SENDER}` }), ISSUER)).toEqual([]);
    expect(readClaimableBalance(record({ asset: `EURC:${ISSUER}` }), ISSUER)).toEqual([]);
    expect(readClaimableBalance(record({ transaction_successful: false }), ISSUER)).toEqual([]);
    expect(readClaimableBalance(record({ type: 'claim_claimable_balance', type_i: 15 }), ISSUER)).toEqual([]);
  });

  it('throws on an amount that is not an exact 7-decimal amount (the watcher retries)', () => {
    expect(() => readClaimableBalance(record({ amount: '1.00000001' }), ISSUER)).toThrow();
    expect(() => readClaimableBalance(record({ amount: undefined }), ISSUER)).toThrow(/no amount/);
  });
});

describe('assetOfSep11', () => {
  it('reads native and CODE:ISSUER, and refuses anything else', () => {
    expect(assetOfSep11('native')).toEqual({ asset_type: 'native' });
    expect(assetOfSep11(`USDC:${ISSUER}`)).toEqual({
      asset_type: 'credit_alphanum4',
      asset_code: 'USDC',
      asset_issuer: ISSUER,
    });
    expect(assetOfSep11(`LONGERCODE:${ISSUER}`)?.asset_type).toBe('credit_alphanum12');
    expect(assetOfSep11('USDC')).toBeNull();
    expect(assetOfSep11(undefined)).toBeNull();
  });
});
