import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { loadWalletRpcVectors } from '../test/walletRpcVectors.js';
import {
  ED25519_ORDER,
  hashToScalar,
  parsePrivateKeyHex,
  pointFromBytes,
  publicKeyHexOf,
  scalarToBytes,
} from './moneroKeys.js';
import { parseMoneroAddress } from './parseMoneroAddress.js';

const le = (value: bigint) => Buffer.from(scalarToBytes(value)).toString('hex');

describe('moneroKeys', () => {
  it('is the ed25519 group order l = 2^252 + 27742317777372353535851937790883648493', () => {
    expect(ED25519_ORDER).toBe(2n ** 252n + 27742317777372353535851937790883648493n);
  });

  it('reads a canonical private key (little-endian, 0 < key < l) and refuses the rest', () => {
    expect(parsePrivateKeyHex(le(1n))).toBe(1n);
    expect(parsePrivateKeyHex(le(ED25519_ORDER - 1n))).toBe(ED25519_ORDER - 1n);
    expect(parsePrivateKeyHex(le(ED25519_ORDER - 1n).toUpperCase())).toBe(ED25519_ORDER - 1n);
    expect(parsePrivateKeyHex('00'.repeat(32))).toBeUndefined();
    // l itself and l + 1, written little-endian (scalarToBytes would reduce them).
    const l = Buffer.from(ED25519_ORDER.toString(16).padStart(64, '0'), 'hex').reverse().toString('hex');
    expect(l).toBe('edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010');
    expect(parsePrivateKeyHex(l)).toBeUndefined();
    expect(parsePrivateKeyHex(`ee${l.slice(2)}`)).toBeUndefined();
    expect(parsePrivateKeyHex('ff'.repeat(32))).toBeUndefined();
    expect(parsePrivateKeyHex('01')).toBeUndefined();
    expect(parsePrivateKeyHex(`${le(1n)}00`)).toBeUndefined();
    expect(parsePrivateKeyHex(`g${le(1n).slice(1)}`)).toBeUndefined();
  });

  it("gives the public keys monero-wallet-rpc's addresses carry", () => {
    for (const wallet of loadWalletRpcVectors().wallets) {
      const address = parseMoneroAddress(wallet.address);
      expect(publicKeyHexOf(parsePrivateKeyHex(wallet.viewKey)!)).toBe(address.publicViewKey);
      expect(publicKeyHexOf(parsePrivateKeyHex(wallet.spendKey)!)).toBe(address.publicSpendKey);
      // A deterministic (25-word seed) wallet's view key is Hs(spend key).
      expect(le(hashToScalar(Buffer.from(wallet.spendKey, 'hex')))).toBe(wallet.viewKey);
    }
  });

  it("accepts points as monero's check_key does: canonical y on the curve, no negative zero", () => {
    expect(pointFromBytes(ed25519.Point.BASE.toBytes())).toBeDefined();
    const identity = new Uint8Array(32);
    identity[0] = 1;
    expect(pointFromBytes(identity)).toBeDefined();
    // y = 1 with the sign bit set: x = 0 cannot be negative.
    const negativeZero = identity.slice();
    negativeZero[31] = 0x80;
    expect(pointFromBytes(negativeZero)).toBeUndefined();
    // y = p + 1 (non-canonical encoding of y = 1).
    const nonCanonical = Buffer.from(`ee${'ff'.repeat(30)}7f`, 'hex');
    expect(pointFromBytes(nonCanonical)).toBeUndefined();
    // y = 2 is not on the curve.
    const offCurve = new Uint8Array(32);
    offCurve[0] = 2;
    expect(pointFromBytes(offCurve)).toBeUndefined();
    expect(pointFromBytes(new Uint8Array(31))).toBeUndefined();
  });
});
