import bs58check from 'bs58check';
import { describe, expect, it } from 'vitest';
import { BIP84_ZPUB } from '../test/abandonVectors.js';
import {
  convertExtendedKeyVersion,
  describeSlip132,
  findSlip132ByPrefix,
  findSlip132ByVersion,
  SLIP132_VERSIONS,
  withArticle,
} from './slip132.js';

function encodeWithVersion(version: number, fill: number): string {
  const bytes = new Uint8Array(78).fill(fill);
  new DataView(bytes.buffer).setUint32(0, version, false);
  return bs58check.encode(bytes);
}

describe('SLIP-132 versions', () => {
  it.each(SLIP132_VERSIONS.map((entry) => [entry.prefix, entry] as const))(
    '%s: its version bytes encode to its prefix',
    (prefix, entry) => {
      expect(encodeWithVersion(entry.version, 0x00).slice(0, 4)).toBe(prefix);
      expect(encodeWithVersion(entry.version, 0xff).slice(0, 4)).toBe(prefix);
    },
  );

  it('registers the values the brief and SLIP-132 name', () => {
    const table = Object.fromEntries(SLIP132_VERSIONS.map((entry) => [entry.prefix, entry.version]));
    expect(table).toMatchObject({
      xpub: 0x0488b21e,
      ypub: 0x049d7cb2,
      zpub: 0x04b24746,
      tpub: 0x043587cf,
      upub: 0x044a5262,
      vpub: 0x045f1cf6,
      Ltub: 0x019da462,
      Mtub: 0x01b26ef6,
      dgub: 0x02facafd,
    });
    expect(new Set(SLIP132_VERSIONS.map((entry) => entry.version)).size).toBe(SLIP132_VERSIONS.length);
  });

  it('finds by version and by prefix, and describes', () => {
    const zpub = findSlip132ByVersion(0x04b24746);
    expect(zpub?.prefix).toBe('zpub');
    expect(findSlip132ByPrefix('Zpub')?.script).toBe('multisig-p2wsh');
    expect(findSlip132ByVersion(0x12345678)).toBeUndefined();
    expect(describeSlip132(zpub!)).toBe('Bitcoin mainnet, native SegWit');
    expect(describeSlip132(findSlip132ByPrefix('Mtub')!)).toBe('Litecoin mainnet, nested SegWit');
    expect(describeSlip132(findSlip132ByPrefix('tpub')!)).toBe('Bitcoin testnet, legacy P2PKH');
    expect([withArticle('xpub'), withArticle('zpub'), withArticle('Ltub'), withArticle('upub')]).toEqual([
      'an xpub',
      'a zpub',
      'an Ltub',
      'a upub',
    ]);
  });

  it('converts versions without touching the key material', () => {
    const asXpub = convertExtendedKeyVersion(BIP84_ZPUB, 0x0488b21e);
    expect(asXpub.startsWith('xpub')).toBe(true);
    expect(bs58check.decode(asXpub).slice(4)).toEqual(bs58check.decode(BIP84_ZPUB).slice(4));
    expect(convertExtendedKeyVersion(asXpub, 0x04b24746)).toBe(BIP84_ZPUB);
    expect(() => convertExtendedKeyVersion(bs58check.encode(new Uint8Array(21)), 0x0488b21e)).toThrow();
  });
});
