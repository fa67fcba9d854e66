import { address as bitcoinAddress } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { DOGE_DGUB, LTC_LTUB, LTC_MTUB, TESTNET_VPUB } from '../test/abandonVectors.js';
import { createUtxoAdapter } from './createUtxoAdapter.js';
import { deriveAddress } from './deriveAddress.js';
import { validateUtxoAddress } from './validateUtxoAddress.js';

const utxoAdapter = createUtxoAdapter();

const ok = (normalized: string) => ({ ok: true, normalized });

describe('validateUtxoAddress (UTXO refund addresses)', () => {
  it('accepts the SegWit address of the chain and lower-cases an upper-case one', () => {
    expect(validateUtxoAddress('LTC_REGTEST', 'rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg')).toEqual(
      ok('rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg'),
    );
    expect(validateUtxoAddress('LTC_REGTEST', '  RLTC1Q6RZ28MCFAXTMD6V789L9RRLRUSDPRR9PUUZGKG ')).toEqual(
      ok('rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg'),
    );
    // BIP-84 first address; BIP-173 P2WPKH and P2WSH vectors; BIP-86 first Taproot address.
    for (const address of [
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    ]) {
      expect(validateUtxoAddress('BTC', address)).toEqual(ok(address));
    }
    expect(validateUtxoAddress('BTC_TESTNET', 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl')).toEqual(
      ok('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl'),
    );
  });

  it('accepts base58 P2PKH and P2SH with the chain’s own versions', () => {
    // BIP-44 and BIP-49 first addresses of the "abandon … about" phrase.
    expect(validateUtxoAddress('BTC', '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA')).toEqual(
      ok('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA'),
    );
    expect(validateUtxoAddress('BTC', '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf')).toEqual(
      ok('37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf'),
    );
    const ltcL = deriveAddress({ chainId: 'LTC', wallet: LTC_LTUB, index: 0 });
    const ltcM = deriveAddress({ chainId: 'LTC', wallet: LTC_MTUB, index: 0 });
    expect(ltcL).toMatch(/^L/);
    expect(ltcM).toMatch(/^M/);
    expect(validateUtxoAddress('LTC', ltcL)).toEqual(ok(ltcL));
    expect(validateUtxoAddress('LTC', ltcM)).toEqual(ok(ltcM));
    const doge = deriveAddress({ chainId: 'DOGE', wallet: DOGE_DGUB, index: 3 });
    expect(validateUtxoAddress('DOGE', doge)).toEqual(ok(doge));
  });

  it('refuses an address of another network or coin, naming the expected prefix', () => {
    const testnet = validateUtxoAddress('LTC_REGTEST', 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(testnet).toMatchObject({ ok: false, code: 'WRONG_NETWORK' });
    expect(testnet.ok ? '' : testnet.message).toContain('rltc1');
    // A Bitcoin P2SH (3…) address is refused on Litecoin mainnet (Litecoin wallets use M…).
    expect(validateUtxoAddress('LTC', '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf')).toMatchObject({
      ok: false,
      code: 'WRONG_NETWORK',
    });
    expect(
      validateUtxoAddress('BTC', deriveAddress({ chainId: 'LTC', wallet: LTC_LTUB, index: 0 })),
    ).toMatchObject({ ok: false, code: 'WRONG_NETWORK' });
    expect(validateUtxoAddress('DOGE', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toMatchObject({
      ok: false,
      code: 'WRONG_NETWORK',
    });
  });

  it('refuses typos (checksums), junk, and script versions no wallet spends', () => {
    expect(validateUtxoAddress('BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv')).toMatchObject({
      ok: false,
      code: 'INVALID_ADDRESS',
    });
    expect(validateUtxoAddress('BTC', '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabB')).toMatchObject({
      ok: false,
      code: 'INVALID_ADDRESS',
    });
    expect(validateUtxoAddress('BTC', 'bc1QCR8TE4KR609gcawutmrza0j4xv80jy8z306fyu')).toMatchObject({
      ok: false,
    });
    expect(validateUtxoAddress('BTC', '')).toMatchObject({ ok: false, code: 'INVALID_ADDRESS' });
    expect(validateUtxoAddress('BTC', '<script>alert(1)</script>')).toMatchObject({
      ok: false,
      code: 'INVALID_ADDRESS',
    });
    expect(validateUtxoAddress('BTC', 'x'.repeat(200))).toMatchObject({ ok: false, code: 'INVALID_ADDRESS' });
    const v2 = bitcoinAddress.toBech32(new Uint8Array(32).fill(7), 2, 'bc');
    expect(validateUtxoAddress('BTC', v2)).toMatchObject({ ok: false, code: 'UNSUPPORTED_ADDRESS' });
    const offCurve = bitcoinAddress.toBech32(new Uint8Array(32).fill(0xff), 1, 'bc');
    expect(validateUtxoAddress('BTC', offCurve)).toMatchObject({ ok: false, code: 'UNSUPPORTED_ADDRESS' });
    expect(validateUtxoAddress('ETH', '0x0000000000000000000000000000000000000000')).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_CHAIN',
    });
  });

  it('takes CashAddr on Bitcoin Cash (prefix optional, stored with it), never base58', () => {
    // CashAddr spec vectors (P2PKH and P2SH of the same hash).
    const p2pkh = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
    const p2sh = 'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq';
    expect(validateUtxoAddress('BCH', p2pkh)).toEqual(ok(p2pkh));
    expect(validateUtxoAddress('BCH', p2sh)).toEqual(ok(p2sh));
    expect(validateUtxoAddress('BCH', p2pkh.slice('bitcoincash:'.length))).toEqual(ok(p2pkh));
    expect(validateUtxoAddress('BCH', p2pkh.toUpperCase())).toEqual(ok(p2pkh));
    expect(validateUtxoAddress('BCH_TESTNET', p2pkh)).toMatchObject({ ok: false, code: 'WRONG_NETWORK' });
    expect(validateUtxoAddress('BCH', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu')).toMatchObject({
      ok: false,
      code: 'INVALID_ADDRESS',
    });
    expect(validateUtxoAddress('BCH', `${p2pkh.slice(0, -1)}b`)).toMatchObject({ ok: false });
  });

  it('is the adapter’s validateAddress', () => {
    const first = deriveAddress({ chainId: 'LTC_REGTEST', wallet: TESTNET_VPUB, index: 0 });
    expect(utxoAdapter.validateAddress?.('LTC_REGTEST', first)).toEqual(ok(first));
  });
});
