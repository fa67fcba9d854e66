import { createECDH, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveAccountXpub } from './deriveAccountXpub.js';
import { deriveAddress } from './deriveAddress.js';
import { deriveReceiveKey } from './deriveReceiveKey.js';
import { outputScriptOf } from './outputScriptOf.js';

const SEED = '000102030405060708090a0b0c0d0e0f';

describe('deriveReceiveKey', () => {
  it.each([
    ['LTC_REGTEST', 'p2wpkh'],
    ['BTC_TESTNET', 'p2pkh'],
    ['BTC', 'p2wpkh'],
  ] as const)(
    '%s %s: the key of 0/i is the key of the address the account xpub derives at i',
    (chainId, kind) => {
      const wallet = deriveAccountXpub(SEED, chainId, kind);
      for (const index of [0, 1, 7]) {
        const { publicKey } = deriveReceiveKey(SEED, chainId, kind, index);
        const address = deriveAddress({ chainId, wallet, index });
        // The address's output script carries hash160(publicKey); compare through the script.
        expect(outputScriptOf(chainId, address)).toContain(createHashHex(Buffer.from(publicKey, 'hex')));
      }
    },
  );

  it('gives a WIF whose private key has that public key (version 0xef on test networks)', () => {
    const { publicKey, wif } = deriveReceiveKey(SEED, 'LTC_REGTEST', 'p2wpkh', 2);
    const decoded = decodeWif(wif);
    expect(decoded.version).toBe(0xef);
    const ecdh = createECDH('secp256k1');
    ecdh.setPrivateKey(decoded.key);
    expect(ecdh.getPublicKey('hex', 'compressed')).toBe(publicKey);
  });

  it('refuses a bad index and a non-UTXO chain', () => {
    expect(() => deriveReceiveKey(SEED, 'LTC_REGTEST', 'p2wpkh', -1)).toThrow(/index/);
    expect(() => deriveReceiveKey(SEED, 'ETH_SEPOLIA', 'p2wpkh', 0)).toThrow(/not a UTXO chain/);
  });
});

function createHashHex(data: Buffer): string {
  const sha = createHash('sha256').update(data).digest();
  return createHash('ripemd160').update(sha).digest('hex');
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function decodeWif(wif: string): { version: number; key: Buffer } {
  let value = 0n;
  for (const char of wif) value = value * 58n + BigInt(BASE58.indexOf(char));
  const bytes = Buffer.from(value.toString(16).padStart(76, '0'), 'hex'); // 1 + 32 + 1 + 4 bytes
  return { version: bytes[0]!, key: bytes.subarray(1, 33) };
}
