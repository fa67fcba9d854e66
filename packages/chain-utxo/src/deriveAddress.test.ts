import { address } from 'bitcoinjs-lib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BCH_XPUB,
  BIP44_XPUB,
  BIP49_FIRST_SCRIPT_HASH,
  BIP49_UPUB,
  BIP49_YPUB,
  BIP84_ZPUB,
  DOGE_DGUB,
  LTC_LTUB,
  LTC_MTUB,
  TESTNET_TPUB,
  TESTNET_VPUB,
} from '../test/abandonVectors.js';
import { decodeCashAddr } from './cashAddr.js';
import { deriveAddress } from './deriveAddress.js';
import { UtxoAdapterError } from './UtxoAdapterError.js';
import { UTXO_NETWORKS } from './utxoChains.js';

const at = (chainId: string, wallet: string, index: number) => deriveAddress({ chainId, wallet, index });

describe('deriveAddress: published vectors of the "abandon ... about" phrase', () => {
  it('BIP-84: zpub -> bc1q receive addresses 0/0 and 0/1', () => {
    expect(at('BTC', BIP84_ZPUB, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(at('BTC', BIP84_ZPUB, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('BIP-49: ypub -> 3... and the BIP-49 testnet upub -> 2Mww8...', () => {
    expect(at('BTC', BIP49_YPUB, 0)).toBe('37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf');
    expect(at('BTC_TESTNET', BIP49_UPUB, 0)).toBe('2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2');
  });

  it('BIP-44: xpub -> 1LqBG...', () => {
    expect(at('BTC', BIP44_XPUB, 0)).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
  });

  it('testnet vpub -> tb1q..., tpub -> m.../n...', () => {
    expect(at('BTC_TESTNET', TESTNET_VPUB, 0)).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(at('BTC_TESTNET', TESTNET_VPUB, 1)).toBe('tb1qd7spv5q28348xl4myc8zmh983w5jx32cjhkn97');
    expect(at('BTC_TESTNET', TESTNET_TPUB, 0)).toBe('mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV');
    expect(at('BTC_TESTNET', TESTNET_TPUB, 2)).toBe('mnTkxhNkgx7TsZrEdRcPti564yQTzynGJp');
    expect(at('DOGE_TESTNET', TESTNET_TPUB, 0)).toBe('nZVmfmUtKPmskB9Ds4P9GUJy9eYFqPKHqH');
    expect(at('BTC_REGTEST', TESTNET_VPUB, 0)).toBe('bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk');
  });

  it('LTC regtest vpub -> rltc1q..., the same witness program as the testnet tb1q vector', () => {
    const rltc = at('LTC_REGTEST', TESTNET_VPUB, 0);
    expect(rltc).toBe('rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg');
    const tb = address.fromBech32('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(address.fromBech32(rltc)).toEqual({ ...tb, prefix: 'rltc' });
    expect(at('LTC_TESTNET', TESTNET_VPUB, 0)).toBe('tltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9pesrjxk');
  });

  it('LTC test networks put P2SH-P2WPKH under version 0x3a (Q...), with the BIP-49 script hash', () => {
    const q = at('LTC_REGTEST', BIP49_UPUB, 0);
    expect(q).toBe('QRHtkDQdVvNNwrVjEdeCGviCw7Ny3SNNiA');
    const decoded = address.fromBase58Check(q);
    expect(decoded.version).toBe(0x3a);
    expect(Buffer.from(decoded.hash).toString('hex')).toBe(BIP49_FIRST_SCRIPT_HASH);
    expect(at('LTC_REGTEST', TESTNET_TPUB, 0)).toBe('mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV');
  });

  it('Litecoin mainnet: Ltub -> L..., Mtub -> M..., zpub -> ltc1q...', () => {
    expect(at('LTC', LTC_LTUB, 0)).toBe('LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez');
    expect(at('LTC', LTC_MTUB, 0)).toBe('M7wtsL7wSHDBJVMWWhtQfTMSYYkyooAAXM');
  });

  it('Dogecoin: dgub -> D...', () => {
    expect(at('DOGE', DOGE_DGUB, 0)).toBe('DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC');
  });

  it('Bitcoin Cash: CashAddr with its prefix, the hash of the legacy address', () => {
    const cash = at('BCH', BCH_XPUB, 0);
    expect(cash).toBe('bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6');
    expect(decodeCashAddr(cash).hash).toEqual(
      Uint8Array.from(address.fromBase58Check('1mW6fDEMjKrDHvLvoEsaeLxSCzZBf3Bfg').hash),
    );
    const test = at('BCH_TESTNET', TESTNET_TPUB, 0);
    expect(test).toBe('bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4');
    expect(decodeCashAddr(test).hash).toEqual(
      Uint8Array.from(address.fromBase58Check('mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV').hash),
    );
  });
});

describe('deriveAddress refuses', () => {
  it.each([-1, 1.5, 2 ** 31, Number.NaN, Number.MAX_SAFE_INTEGER + 2])('index %s', (index) => {
    expect(() => at('BTC', BIP84_ZPUB, index)).toThrow(
      expect.objectContaining({ name: 'UtxoAdapterError', code: 'INVALID_DERIVATION_INDEX' }),
    );
  });

  it('the largest non-hardened index is fine', () => {
    expect(at('BTC', BIP84_ZPUB, 2 ** 31 - 1)).toMatch(/^bc1q/);
  });

  it('a stored wallet that does not validate for the chain, with the validation code', () => {
    let error: unknown;
    try {
      at('LTC_REGTEST', BIP84_ZPUB, 0);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UtxoAdapterError);
    expect(error).toMatchObject({ code: 'WRONG_XPUB_VARIANT' });
    expect(() => at('ETH', BIP84_ZPUB, 0)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }));
  });
});

describe('deriveAddress properties', () => {
  const wallets = [
    ['BTC', BIP84_ZPUB],
    ['BTC_TESTNET', BIP49_UPUB],
    ['LTC_REGTEST', TESTNET_VPUB],
    ['LTC', LTC_LTUB],
    ['BCH', BCH_XPUB],
    ['DOGE', DOGE_DGUB],
  ] as const;
  const index = fc.integer({ min: 0, max: 2 ** 31 - 1 });

  it('is deterministic and gives distinct indexes distinct addresses', () => {
    fc.assert(
      fc.property(fc.constantFrom(...wallets), index, index, ([chainId, wallet], i, j) => {
        const first = at(chainId, wallet, i);
        expect(at(chainId, wallet, i)).toBe(first);
        if (i !== j) expect(at(chainId, wallet, j)).not.toBe(first);
      }),
      { numRuns: 60 },
    );
  });

  it('gives addresses of the chain network', () => {
    fc.assert(
      fc.property(index, (i) => {
        expect(
          address.toOutputScript(at('LTC_REGTEST', TESTNET_VPUB, i), UTXO_NETWORKS.LTC_REGTEST),
        ).toHaveLength(22);
        expect(address.fromBase58Check(at('DOGE', DOGE_DGUB, i)).version).toBe(0x1e);
      }),
      { numRuns: 20 },
    );
  });
});
