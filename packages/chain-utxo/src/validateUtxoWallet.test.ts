import bs58check from 'bs58check';
import { describe, expect, it } from 'vitest';
import {
  ABANDON_SEED,
  BCH_XPUB,
  BIP44_XPUB,
  BIP49_UPUB,
  BIP49_YPUB,
  BIP84_FIRST_WIF,
  BIP84_ZPRV,
  BIP84_ZPUB,
  DOGE_DGUB,
  LTC_LTUB,
  LTC_MTUB,
  TESTNET_TPUB,
  TESTNET_VPUB,
} from '../test/abandonVectors.js';
import { bip32 } from './secp256k1Bip32.js';
import { convertExtendedKeyVersion } from './slip132.js';
import { UTXO_NETWORKS } from './utxoChains.js';
import { validateUtxoWallet } from './validateUtxoWallet.js';

const NEVER = /Never paste a private key or recovery phrase anywhere/;

function withBytes(key: string, edit: (bytes: Uint8Array) => void): string {
  const bytes = Uint8Array.from(bs58check.decode(key));
  edit(bytes);
  return bs58check.encode(bytes);
}

describe('validateUtxoWallet accepts', () => {
  it.each([
    ['BTC', BIP44_XPUB, 'p2pkh', 'Valid xpub (legacy P2PKH)'],
    ['BTC', BIP49_YPUB, 'p2sh-p2wpkh', 'Valid ypub (nested SegWit)'],
    ['BTC', BIP84_ZPUB, 'p2wpkh', 'Valid zpub (native SegWit)'],
    ['BTC_TESTNET', TESTNET_TPUB, 'p2pkh', 'Valid tpub (legacy P2PKH)'],
    ['BTC_REGTEST', BIP49_UPUB, 'p2sh-p2wpkh', 'Valid upub (nested SegWit)'],
    ['LTC_REGTEST', TESTNET_VPUB, 'p2wpkh', 'Valid vpub (native SegWit)'],
    ['LTC_TESTNET', TESTNET_TPUB, 'p2pkh', 'Valid tpub (legacy P2PKH)'],
    ['LTC', LTC_LTUB, 'p2pkh', 'Valid Ltub (legacy P2PKH)'],
    ['LTC', LTC_MTUB, 'p2sh-p2wpkh', 'Valid Mtub (nested SegWit)'],
    ['LTC', BIP84_ZPUB, 'p2wpkh', 'Valid zpub (native SegWit)'],
    ['BCH', BCH_XPUB, 'p2pkh', 'Valid xpub (P2PKH, CashAddr)'],
    ['BCH_TESTNET', TESTNET_TPUB, 'p2pkh', 'Valid tpub (P2PKH, CashAddr)'],
    ['DOGE', DOGE_DGUB, 'p2pkh', 'Valid dgub (legacy P2PKH)'],
    ['DOGE_TESTNET', TESTNET_TPUB, 'p2pkh', 'Valid tpub (legacy P2PKH)'],
  ])('%s: %s', (chainId, value, kind, outcome) => {
    const result = validateUtxoWallet({ chainId, value });
    expect(result).toMatchObject({ ok: true, normalized: value, kind, outcome });
  });

  it('trims surrounding whitespace and stores the key as given', () => {
    const result = validateUtxoWallet({ chainId: 'LTC_REGTEST', value: `  ${TESTNET_VPUB}\n` });
    expect(result).toMatchObject({ ok: true, normalized: TESTNET_VPUB });
    expect(result.ok && result.standardKey.startsWith('tpub')).toBe(true);
  });

  it('accepts the SLIP-132 Litecoin-testnet ttub on LTC_TESTNET', () => {
    const ttub = convertExtendedKeyVersion(TESTNET_TPUB, 0x0436f6e1);
    expect(ttub.startsWith('ttub')).toBe(true);
    expect(validateUtxoWallet({ chainId: 'LTC_TESTNET', value: ttub })).toMatchObject({
      ok: true,
      kind: 'p2pkh',
    });
  });
});

describe('validateUtxoWallet rejects', () => {
  it('WRONG_XPUB_VARIANT, naming the expected variants and what it got', () => {
    expect(validateUtxoWallet({ chainId: 'LTC_REGTEST', value: BIP84_ZPUB })).toEqual({
      ok: false,
      code: 'WRONG_XPUB_VARIANT',
      message:
        'LTC_REGTEST expects an account-level tpub, upub or vpub; got a zpub (Bitcoin mainnet, native SegWit)',
    });
    const cases: Array<[string, string, string]> = [
      [
        'BTC',
        TESTNET_VPUB,
        'BTC expects an account-level xpub, ypub or zpub; got a vpub (Bitcoin testnet, native SegWit)',
      ],
      [
        'LTC',
        BIP44_XPUB,
        'LTC expects an account-level Ltub, Mtub or zpub; got an xpub (Bitcoin mainnet, legacy P2PKH)',
      ],
      ['BCH', BIP49_YPUB, 'BCH expects an account-level xpub; got a ypub (Bitcoin mainnet, nested SegWit)'],
      ['DOGE', BIP44_XPUB, 'DOGE expects an account-level dgub; got an xpub (Bitcoin mainnet, legacy P2PKH)'],
      [
        'DOGE_TESTNET',
        BIP49_UPUB,
        'DOGE_TESTNET expects an account-level tpub; got a upub (Bitcoin testnet, nested SegWit)',
      ],
      [
        'LTC_TESTNET',
        LTC_MTUB,
        'LTC_TESTNET expects an account-level tpub, upub, vpub or ttub; got an Mtub (Litecoin mainnet, nested SegWit)',
      ],
      [
        'BTC_TESTNET',
        DOGE_DGUB,
        'BTC_TESTNET expects an account-level tpub, upub or vpub; got a dgub (Dogecoin mainnet, legacy P2PKH)',
      ],
    ];
    for (const [chainId, value, message] of cases) {
      expect(validateUtxoWallet({ chainId, value })).toEqual({
        ok: false,
        code: 'WRONG_XPUB_VARIANT',
        message,
      });
    }
  });

  it('WRONG_XPUB_VARIANT for multisig keys and unknown version bytes', () => {
    const zpubMultisig = convertExtendedKeyVersion(BIP84_ZPUB, 0x02aa7ed3);
    expect(validateUtxoWallet({ chainId: 'BTC', value: zpubMultisig })).toEqual({
      ok: false,
      code: 'WRONG_XPUB_VARIANT',
      message:
        'BTC expects an account-level xpub, ypub or zpub; got a Zpub (Bitcoin mainnet, native SegWit multisig). ' +
        'Multisig wallets are not supported.',
    });
    const unknown = convertExtendedKeyVersion(BIP84_ZPUB, 0x12345678);
    expect(validateUtxoWallet({ chainId: 'BTC', value: unknown })).toEqual({
      ok: false,
      code: 'WRONG_XPUB_VARIANT',
      message:
        'BTC expects an account-level xpub, ypub or zpub; got an extended key with unknown version bytes 0x12345678',
    });
  });

  it('PRIVATE_KEY_REJECTED for extended private keys, and says never to paste one', () => {
    const tprv = bip32
      .fromSeed(Buffer.from(ABANDON_SEED, 'hex'), UTXO_NETWORKS.LTC_REGTEST)
      .derivePath("m/84'/1'/0'")
      .toBase58();
    expect(tprv.startsWith('tprv')).toBe(true);
    for (const [chainId, value, prefix] of [
      ['BTC', BIP84_ZPRV, 'zprv'],
      ['LTC_REGTEST', tprv, 'tprv'],
      ['LTC_REGTEST', BIP84_ZPRV, 'zprv'],
    ] as const) {
      const result = validateUtxoWallet({ chainId, value });
      expect(result).toMatchObject({ ok: false, code: 'PRIVATE_KEY_REJECTED' });
      expect(!result.ok && result.message).toContain(`This is an extended private key (${prefix}).`);
      expect(!result.ok && result.message).toMatch(NEVER);
    }
  });

  it('PRIVATE_KEY_REJECTED for a WIF private key and for a recovery phrase', () => {
    const wif = validateUtxoWallet({ chainId: 'BTC', value: BIP84_FIRST_WIF });
    expect(wif).toMatchObject({ ok: false, code: 'PRIVATE_KEY_REJECTED' });
    expect(!wif.ok && wif.message).toMatch(/^This looks like a private key \(WIF\)\. Never paste/);
    const phrase = `${'abandon '.repeat(11)}about`;
    const mnemonic = validateUtxoWallet({ chainId: 'LTC_REGTEST', value: phrase });
    expect(mnemonic).toMatchObject({ ok: false, code: 'PRIVATE_KEY_REJECTED' });
    expect(!mnemonic.ok && mnemonic.message).toMatch(/^This looks like a recovery phrase\. Never paste/);
  });

  it('NOT_ACCOUNT_LEVEL for master, change-level and address-level keys', () => {
    const root = bip32.fromSeed(Buffer.from(ABANDON_SEED, 'hex'), UTXO_NETWORKS.BTC_TESTNET);
    const asVpub = (key: string) => convertExtendedKeyVersion(key, 0x045f1cf6);
    const master = asVpub(root.neutered().toBase58());
    expect(validateUtxoWallet({ chainId: 'LTC_REGTEST', value: master })).toEqual({
      ok: false,
      code: 'NOT_ACCOUNT_LEVEL',
      message:
        "Expected an account-level key (depth 3, like m/84'/1'/0'); this vpub is a master key (depth 0). " +
        "Export the account's extended public key from your wallet.",
    });
    const change = asVpub(root.derivePath("m/84'/1'/0'/0").neutered().toBase58());
    const changeResult = validateUtxoWallet({ chainId: 'LTC_REGTEST', value: change });
    expect(changeResult).toMatchObject({ ok: false, code: 'NOT_ACCOUNT_LEVEL' });
    expect(!changeResult.ok && changeResult.message).toContain(
      'a change-level key, one level below the account (depth 4)',
    );
    const leaf = asVpub(root.derivePath("m/84'/1'/0'/0/0").neutered().toBase58());
    expect(validateUtxoWallet({ chainId: 'LTC_REGTEST', value: leaf })).toMatchObject({
      ok: false,
      code: 'NOT_ACCOUNT_LEVEL',
      message: expect.stringContaining('an address-level key (depth 5)'),
    });
    const coinLevel = convertExtendedKeyVersion(
      root.derivePath("m/44'/2'").neutered().toBase58(),
      0x019da462,
    );
    expect(validateUtxoWallet({ chainId: 'LTC', value: coinLevel })).toMatchObject({
      code: 'NOT_ACCOUNT_LEVEL',
      message: expect.stringContaining("like m/44'/2'/0'); this Ltub is a coin-level key (depth 2)"),
    });
  });

  it('INVALID_EXTENDED_KEY for a bad checksum, non-base58 text, an address and an empty value', () => {
    const typo = `${TESTNET_VPUB.slice(0, 40)}${TESTNET_VPUB[40] === 'a' ? 'b' : 'a'}${TESTNET_VPUB.slice(41)}`;
    expect(validateUtxoWallet({ chainId: 'LTC_REGTEST', value: typo })).toEqual({
      ok: false,
      code: 'INVALID_EXTENDED_KEY',
      message:
        'This is not a valid extended public key: its checksum does not match (a typo or a truncated copy?). ' +
        'LTC_REGTEST expects an account-level tpub, upub or vpub.',
    });
    expect(validateUtxoWallet({ chainId: 'LTC_REGTEST', value: TESTNET_VPUB.slice(0, -3) })).toMatchObject({
      code: 'INVALID_EXTENDED_KEY',
    });
    expect(
      validateUtxoWallet({ chainId: 'BTC', value: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' }),
    ).toMatchObject({
      code: 'INVALID_EXTENDED_KEY',
      message: expect.stringContaining('it is not base58 (an address or some other text?)'),
    });
    expect(validateUtxoWallet({ chainId: 'BTC', value: '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA' })).toMatchObject(
      {
        code: 'INVALID_EXTENDED_KEY',
        message:
          'This is an address, not an extended public key. BTC expects an account-level xpub, ypub or zpub.',
      },
    );
    expect(validateUtxoWallet({ chainId: 'DOGE', value: '   ' })).toEqual({
      ok: false,
      code: 'INVALID_EXTENDED_KEY',
      message: 'DOGE expects an account-level dgub; got an empty value.',
    });
  });

  it('INVALID_EXTENDED_KEY for a key whose public key is not on the curve', () => {
    const offCurve = withBytes(TESTNET_VPUB, (bytes) => bytes.fill(0xff, 46, 78));
    expect(validateUtxoWallet({ chainId: 'LTC_REGTEST', value: offCurve })).toEqual({
      ok: false,
      code: 'INVALID_EXTENDED_KEY',
      message:
        'This vpub does not hold a valid public key. LTC_REGTEST expects an account-level tpub, upub or vpub.',
    });
  });

  it('UNSUPPORTED_CHAIN for a chain outside the UTXO family', () => {
    expect(validateUtxoWallet({ chainId: 'ETH', value: BIP84_ZPUB })).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_CHAIN',
    });
  });
});
