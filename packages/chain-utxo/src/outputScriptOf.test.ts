import { address } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import {
  BCH_XPUB,
  BIP44_XPUB,
  BIP49_YPUB,
  BIP84_ZPUB,
  DOGE_DGUB,
  TESTNET_VPUB,
} from '../test/abandonVectors.js';
import { decodeCashAddr } from './cashAddr.js';
import { deriveAddress } from './deriveAddress.js';
import { outputScriptOf } from './outputScriptOf.js';
import { UtxoAdapterError } from './UtxoAdapterError.js';

describe('outputScriptOf: the scriptPubKey the watcher matches', () => {
  it('P2WPKH, P2SH-P2WPKH and P2PKH scripts of the BIP vectors', () => {
    // BIP-84 vector: bc1qcr8te4... pays witness program c0cebcd6...
    expect(outputScriptOf('BTC', deriveAddress({ chainId: 'BTC', wallet: BIP84_ZPUB, index: 0 }))).toBe(
      '0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2',
    );
    expect(outputScriptOf('BTC', deriveAddress({ chainId: 'BTC', wallet: BIP49_YPUB, index: 0 }))).toMatch(
      /^a914[0-9a-f]{40}87$/,
    );
    expect(outputScriptOf('BTC', deriveAddress({ chainId: 'BTC', wallet: BIP44_XPUB, index: 0 }))).toMatch(
      /^76a914[0-9a-f]{40}88ac$/,
    );
    expect(
      outputScriptOf(
        'LTC_REGTEST',
        deriveAddress({ chainId: 'LTC_REGTEST', wallet: TESTNET_VPUB, index: 0 }),
      ),
    ).toBe('0014d0c4a3ef09e997b6e99e397e518fe3e41a118ca1');
    expect(outputScriptOf('DOGE', deriveAddress({ chainId: 'DOGE', wallet: DOGE_DGUB, index: 0 }))).toMatch(
      /^76a914[0-9a-f]{40}88ac$/,
    );
  });

  it('a Bitcoin Cash address is one target in CashAddr (with or without prefix) and in legacy form', () => {
    const cash = deriveAddress({ chainId: 'BCH', wallet: BCH_XPUB, index: 0 });
    const { hash } = decodeCashAddr(cash);
    const legacy = address.toBase58Check(hash, 0x00);
    const script = outputScriptOf('BCH', cash);
    expect(script).toBe(`76a914${Buffer.from(hash).toString('hex')}88ac`);
    expect(outputScriptOf('BCH', cash.replace('bitcoincash:', ''))).toBe(script);
    expect(outputScriptOf('BCH', legacy)).toBe(script);
  });

  it('rejects an address of another network or chain', () => {
    const btc = deriveAddress({ chainId: 'BTC', wallet: BIP84_ZPUB, index: 0 });
    expect(() => outputScriptOf('LTC', btc)).toThrow(UtxoAdapterError);
    expect(() => outputScriptOf('BCH', 'bchtest:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6')).toThrow(
      /not a BCH address/,
    );
    expect(() => outputScriptOf('ETH', btc)).toThrow(/not a UTXO chain/);
  });
});
