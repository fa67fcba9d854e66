import { createECDH, createHash, createHmac } from 'node:crypto';

/**
 * The merchant's side of the LTC_REGTEST wallet the browser tests give the gateway: the gateway only
 * ever holds the account xpub (`deriveAccountXpub(seed, 'LTC_REGTEST', 'p2wpkh')`, path
 * `m/84'/1'/0'`); the test keeps the seed, so it can spend what customers sent (a real refund). The
 * BIP-32 private derivation is written out here with node:crypto because the BIP-32 library is a
 * dependency of `@cairn/chain-utxo` only, and the gateway itself never derives a private key.
 */

/** secp256k1's group order. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HARDENED = 0x80000000;
/** WIF version byte of Litecoin's test networks (testnet and regtest). */
const TEST_WIF_VERSION = 0xef;

interface ExtendedPrivateKey {
  readonly key: Buffer;
  readonly chainCode: Buffer;
}

const hmac = (key: Buffer | string, data: Buffer) => createHmac('sha512', key).update(data).digest();
const toBuffer32 = (value: bigint) => Buffer.from(value.toString(16).padStart(64, '0'), 'hex');

/** The compressed public key of a private key. */
function publicKeyOf(privateKey: Buffer): Buffer {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(privateKey);
  return ecdh.getPublicKey(null, 'compressed');
}

function child(parent: ExtendedPrivateKey, index: number): ExtendedPrivateKey {
  const indexBytes = Buffer.alloc(4);
  indexBytes.writeUInt32BE(index >>> 0);
  const data =
    index >= HARDENED
      ? Buffer.concat([Buffer.alloc(1), parent.key, indexBytes])
      : Buffer.concat([publicKeyOf(parent.key), indexBytes]);
  const I = hmac(parent.chainCode, data);
  const tweak = BigInt(`0x${I.subarray(0, 32).toString('hex')}`);
  const key = (tweak + BigInt(`0x${parent.key.toString('hex')}`)) % N;
  if (tweak >= N || key === 0n) throw new Error(`BIP-32 child ${index} is invalid; use another index`);
  return { key: toBuffer32(key), chainCode: I.subarray(32) };
}

function receivePrivateKey(seedHex: string, index: number): Buffer {
  const I = hmac('Bitcoin seed', Buffer.from(seedHex, 'hex'));
  let node: ExtendedPrivateKey = { key: I.subarray(0, 32), chainCode: I.subarray(32) };
  for (const step of [84 + HARDENED, 1 + HARDENED, HARDENED, 0, index]) node = child(node, step);
  return node.key;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58check(payload: Buffer): string {
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]);
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/**
 * The key of receive address `0/<index>` of the p2wpkh account `m/84'/1'/0'` of `seedHex` (the account
 * whose xpub `deriveAccountXpub(seedHex, 'LTC_REGTEST', 'p2wpkh')` the gateway holds): its compressed
 * public key (hex) and its private key in the wallet import format of Litecoin's test networks (for
 * `signrawtransactionwithkey`).
 */
export function merchantReceiveKey(seedHex: string, index: number): { publicKey: string; wif: string } {
  const privateKey = receivePrivateKey(seedHex, index);
  return {
    publicKey: publicKeyOf(privateKey).toString('hex'),
    wif: base58check(Buffer.concat([Buffer.from([TEST_WIF_VERSION]), privateKey, Buffer.from([1])])),
  };
}
