import { getChain } from '@cairn/contract';
import { Keypair, MuxedAccount, StrKey } from '@stellar/stellar-sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveStellarDepositTarget } from './deriveStellarDepositTarget.js';
import { canonicalMuxedId, MAX_MUXED_ID, muxedAddressOf, parseMuxedAddress } from './muxedAccounts.js';

const XLM = getChain('XLM')!;
const G = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 3)).publicKey();

describe('muxed addresses', () => {
  it('round-trips (account, id) through M for any uint64 id', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.bigInt({ min: 0n, max: MAX_MUXED_ID }),
        (raw, id) => {
          const account = StrKey.encodeEd25519PublicKey(Buffer.from(raw));
          const M = muxedAddressOf(account, id);
          expect(StrKey.isValidMed25519PublicKey(M)).toBe(true);
          expect(parseMuxedAddress(M)).toEqual({ account, id: id.toString() });
          // The SDK agrees independently.
          const sdk = MuxedAccount.fromAddress(M, '0');
          expect(sdk.baseAccount().accountId()).toBe(account);
          expect(sdk.id()).toBe(id.toString());
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses ids out of uint64 range or not canonical', () => {
    expect(() => muxedAddressOf(G, MAX_MUXED_ID + 1n)).toThrow(/uint64/);
    expect(() => muxedAddressOf(G, -1n)).toThrow(/uint64/);
    expect(() => muxedAddressOf(G, '007')).toThrow(/uint64/);
    expect(() => muxedAddressOf(G, '1e3')).toThrow(/uint64/);
    expect(() => muxedAddressOf('GABC', 1n)).toThrow(/not a Stellar account/);
    expect(canonicalMuxedId('18446744073709551615')).toBe('18446744073709551615');
    expect(canonicalMuxedId('18446744073709551616')).toBeNull();
    expect(canonicalMuxedId(' 1')).toBeNull();
    expect(() => parseMuxedAddress(G)).toThrow(/muxed/);
  });
});

describe('deriveStellarDepositTarget', () => {
  it('makes payment index i the ID i + 1 on the merchant account, as memo and as muxed address', () => {
    const target = deriveStellarDepositTarget({ chain: XLM, wallet: G, index: 0, paymentId: 'pay_1' });
    expect(target.address).toBe(G);
    expect(target.memo).toBe('1');
    expect(target.matchKey).toBe(`${G}:1`);
    expect(parseMuxedAddress(target.alternateAddress)).toEqual({ account: G, id: '1' });
  });

  it('is deterministic and one-to-one over indexes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (index) => {
        const a = deriveStellarDepositTarget({ chain: XLM, wallet: G, index, paymentId: 'x' });
        const b = deriveStellarDepositTarget({ chain: XLM, wallet: G, index, paymentId: 'y' });
        expect(a).toEqual(b);
        expect(a.memo).toBe((BigInt(index) + 1n).toString());
        expect(parseMuxedAddress(a.alternateAddress)).toEqual({ account: G, id: a.memo });
      }),
    );
  });

  it('refuses bad indexes, wallets and chains', () => {
    for (const index of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) {
      expect(() => deriveStellarDepositTarget({ chain: XLM, wallet: G, index, paymentId: 'p' })).toThrow(
        expect.objectContaining({ code: 'INVALID_PAYMENT_INDEX' }),
      );
    }
    expect(() =>
      deriveStellarDepositTarget({ chain: XLM, wallet: muxedAddressOf(G, 1n), index: 0, paymentId: 'p' }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_WALLET' }));
    expect(() =>
      deriveStellarDepositTarget({ chain: getChain('XRP')!, wallet: G, index: 0, paymentId: 'p' }),
    ).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }));
  });
});
