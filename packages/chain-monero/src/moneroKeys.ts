import { ed25519 } from '@noble/curves/ed25519.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * The ed25519 group as Monero uses it: private keys are scalars mod l written as 32 little-endian
 * bytes, public keys are the compressed points scalar·G. All arithmetic is @noble/curves'.
 */
const Point = ed25519.Point;
const Fn = Point.Fn;

/** The order l of the ed25519 prime-order subgroup (2^252 + 27742317777372353535851937790883648493). */
export const ED25519_ORDER: bigint = Fn.ORDER;

export type EdPoint = InstanceType<typeof Point>;

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

function scalarFromLittleEndian(bytes: Uint8Array): bigint {
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i -= 1) value = (value << 8n) | BigInt(bytes[i]!);
  return value;
}

/**
 * A private key given as 64 hex characters, when it is a canonical scalar (little-endian, below l)
 * other than zero: what monero's `sc_check` accepts as a secret key. Undefined otherwise.
 */
export function parsePrivateKeyHex(hex: string): bigint | undefined {
  if (!HEX_KEY.test(hex)) return undefined;
  const scalar = scalarFromLittleEndian(hexToBytes(hex));
  return scalar > 0n && scalar < ED25519_ORDER ? scalar : undefined;
}

/** A scalar as Monero writes it: 32 bytes, little-endian. */
export function scalarToBytes(scalar: bigint): Uint8Array {
  return Fn.toBytes(Fn.create(scalar));
}

/** `Hs(data)`: keccak-256 of the data, read little-endian and reduced mod l (monero's `hash_to_scalar`). */
export function hashToScalar(data: Uint8Array): bigint {
  return Fn.create(scalarFromLittleEndian(keccak_256(data)));
}

/** scalar·G, for a scalar in 1..l-1. */
export function basePointTimes(scalar: bigint): EdPoint {
  return Point.BASE.multiply(scalar);
}

/** The public key (compressed point, hex) of a private key scalar in 1..l-1. */
export function publicKeyHexOf(scalar: bigint): string {
  return bytesToHex(basePointTimes(scalar).toBytes());
}

/**
 * A compressed point as monero's `check_key` accepts it: a canonical y (below p) on the curve, x of
 * the given sign (not "negative zero"). Small-order and mixed-order points pass, as they do there.
 * Undefined otherwise.
 */
export function pointFromBytes(bytes: Uint8Array): EdPoint | undefined {
  try {
    return Point.fromBytes(bytes);
  } catch {
    return undefined;
  }
}
