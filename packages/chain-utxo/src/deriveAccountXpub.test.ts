import { describe, expect, it } from 'vitest';
import {
  ABANDON_SEED,
  BCH_XPUB,
  BIP44_XPUB,
  BIP49_UPUB,
  BIP49_YPUB,
  BIP84_ZPUB,
  DOGE_DGUB,
  LTC_LTUB,
  LTC_MTUB,
  TESTNET_TPUB,
  TESTNET_VPUB,
} from '../test/abandonVectors.js';
import { deriveAccountXpub } from './deriveAccountXpub.js';
import { deriveAddress } from './deriveAddress.js';
import type { ScriptKind } from './slip132.js';
import { UTXO_CHAIN_IDS } from './utxoChains.js';
import { validateUtxoWallet } from './validateUtxoWallet.js';

describe('deriveAccountXpub', () => {
  it.each([
    ['BTC', 'p2pkh', BIP44_XPUB],
    ['BTC', 'p2sh-p2wpkh', BIP49_YPUB],
    ['BTC', 'p2wpkh', BIP84_ZPUB],
    ['BTC_TESTNET', 'p2pkh', TESTNET_TPUB],
    ['BTC_REGTEST', 'p2sh-p2wpkh', BIP49_UPUB],
    ['LTC_REGTEST', 'p2wpkh', TESTNET_VPUB],
    ['LTC', 'p2pkh', LTC_LTUB],
    ['LTC', 'p2sh-p2wpkh', LTC_MTUB],
    ['BCH', 'p2pkh', BCH_XPUB],
    ['DOGE', 'p2pkh', DOGE_DGUB],
  ] as const)('%s %s reproduces the published account key', (chainId, kind, expected) => {
    expect(deriveAccountXpub(ABANDON_SEED, chainId, kind)).toBe(expected);
  });

  it("uses coin type 2 and a zpub for LTC native SegWit (m/84'/2'/0')", () => {
    const zpub = deriveAccountXpub(ABANDON_SEED, 'LTC', 'p2wpkh');
    expect(zpub.startsWith('zpub')).toBe(true);
    expect(deriveAddress({ chainId: 'LTC', wallet: zpub, index: 0 })).toBe(
      'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh',
    );
  });

  it('derives other accounts', () => {
    const account1 = deriveAccountXpub(ABANDON_SEED, 'LTC_REGTEST', 'p2wpkh', 1);
    expect(account1).not.toBe(TESTNET_VPUB);
    expect(validateUtxoWallet({ chainId: 'LTC_REGTEST', value: account1 })).toMatchObject({ ok: true });
  });

  it('always yields a key its chain accepts, of the asked kind', () => {
    for (const chainId of UTXO_CHAIN_IDS) {
      for (const kind of ['p2pkh', 'p2sh-p2wpkh', 'p2wpkh'] as ScriptKind[]) {
        const segwitless = chainId.startsWith('BCH') || chainId.startsWith('DOGE');
        if (segwitless && kind !== 'p2pkh') {
          expect(() => deriveAccountXpub(ABANDON_SEED, chainId, kind)).toThrow(
            expect.objectContaining({ code: 'UNSUPPORTED_SCRIPT_KIND' }),
          );
          continue;
        }
        const key = deriveAccountXpub(ABANDON_SEED, chainId, kind);
        expect(validateUtxoWallet({ chainId, value: key })).toMatchObject({ ok: true, kind });
      }
    }
  });

  it('refuses bad input', () => {
    expect(() => deriveAccountXpub('abc', 'BTC', 'p2wpkh')).toThrow(
      expect.objectContaining({ code: 'INVALID_SEED' }),
    );
    expect(() => deriveAccountXpub(ABANDON_SEED, 'ETH', 'p2wpkh')).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }),
    );
    expect(() => deriveAccountXpub(ABANDON_SEED, 'BTC', 'p2wpkh', -1)).toThrow(
      expect.objectContaining({ code: 'INVALID_DERIVATION_INDEX' }),
    );
  });
});
