/**
 * CashAddr, the Bitcoin Cash address format (spec: bitcoincash.org `spec/cashaddr.md`, version 1.1):
 * `prefix:payload`, the payload base32 over a type byte and a hash, protected by a 40-bit BCH-code
 * checksum computed over the prefix too.
 */

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n] as const;
const CHECKSUM_LENGTH = 8;

/** Hash sizes in bytes, indexed by the type byte's three size bits. */
const HASH_SIZES = [20, 24, 28, 32, 40, 48, 56, 64] as const;

/** The address types CashAddr defines (type bits 0 and 1). */
export type CashAddrType = 'p2pkh' | 'p2sh';

/** Raised for a malformed CashAddr string or unusable encoder input. */
export class CashAddrError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CashAddrError';
  }
}

function polymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    GENERATORS.forEach((generator, bit) => {
      if ((c0 >> BigInt(bit)) & 1n) c ^= generator;
    });
  }
  return c ^ 1n;
}

function prefixValues(prefix: string): number[] {
  return [...prefix].map((ch) => ch.charCodeAt(0) & 0x1f);
}

function convertBits(data: readonly number[] | Uint8Array, from: number, to: number, pad: boolean): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxValue = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxValue);
    }
    acc &= (1 << bits) - 1;
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & maxValue);
  } else if (bits >= from || ((acc << (to - bits)) & maxValue) !== 0) {
    throw new CashAddrError('CashAddr payload has non-zero padding');
  }
  return out;
}

function assertPrefix(prefix: string): void {
  if (!/^[a-z0-9]+$/.test(prefix)) throw new CashAddrError(`invalid CashAddr prefix "${prefix}"`);
}

/** Encodes a raw payload (type byte followed by data) under `prefix`, e.g. `bitcoincash:q...`. */
export function encodeCashAddrPayload(prefix: string, payload: Uint8Array): string {
  assertPrefix(prefix);
  const data = convertBits(payload, 8, 5, true);
  const mod = polymod([...prefixValues(prefix), 0, ...data, ...new Array<number>(CHECKSUM_LENGTH).fill(0)]);
  const checksum = Array.from({ length: CHECKSUM_LENGTH }, (_, i) =>
    Number((mod >> BigInt(5 * (7 - i))) & 31n),
  );
  return `${prefix}:${[...data, ...checksum].map((value) => CHARSET[value]).join('')}`;
}

/** Encodes a P2PKH or P2SH hash (20 to 64 bytes, per the size table) as CashAddr. */
export function encodeCashAddr(prefix: string, type: CashAddrType, hash: Uint8Array): string {
  const sizeBits = HASH_SIZES.indexOf(hash.length as (typeof HASH_SIZES)[number]);
  if (sizeBits < 0) throw new CashAddrError(`a CashAddr hash cannot be ${hash.length} bytes long`);
  const typeBits = type === 'p2pkh' ? 0 : 1;
  const payload = new Uint8Array(1 + hash.length);
  payload[0] = (typeBits << 3) | sizeBits;
  payload.set(hash, 1);
  return encodeCashAddrPayload(prefix, payload);
}

function splitAddress(address: string, defaultPrefix: string | undefined): { prefix: string; body: string } {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    throw new CashAddrError('CashAddr must not mix upper and lower case');
  }
  const lower = address.toLowerCase();
  const colon = lower.lastIndexOf(':');
  if (colon < 0) {
    if (defaultPrefix === undefined) throw new CashAddrError('CashAddr without a prefix and none assumed');
    return { prefix: defaultPrefix, body: lower };
  }
  return { prefix: lower.slice(0, colon), body: lower.slice(colon + 1) };
}

function bodyValues(body: string): number[] {
  return [...body].map((ch) => {
    const value = CHARSET.indexOf(ch);
    if (value < 0) throw new CashAddrError(`invalid CashAddr character "${ch}"`);
    return value;
  });
}

/** Whether `address` (prefix included, or `defaultPrefix` assumed) carries a valid CashAddr checksum. */
export function hasValidCashAddrChecksum(address: string, defaultPrefix?: string): boolean {
  try {
    const { prefix, body } = splitAddress(address, defaultPrefix);
    assertPrefix(prefix);
    return polymod([...prefixValues(prefix), 0, ...bodyValues(body)]) === 0n;
  } catch {
    return false;
  }
}

/** Decodes any CashAddr to its prefix and raw payload (type byte and data); checks checksum and padding. */
export function decodeCashAddrPayload(
  address: string,
  defaultPrefix?: string,
): { prefix: string; payload: Uint8Array } {
  const { prefix, body } = splitAddress(address, defaultPrefix);
  assertPrefix(prefix);
  const values = bodyValues(body);
  if (values.length < CHECKSUM_LENGTH) throw new CashAddrError('CashAddr is too short');
  if (polymod([...prefixValues(prefix), 0, ...values]) !== 0n) {
    throw new CashAddrError('CashAddr checksum does not match');
  }
  const payload = Uint8Array.from(convertBits(values.slice(0, -CHECKSUM_LENGTH), 5, 8, false));
  return { prefix, payload };
}

/** Decodes a P2PKH or P2SH CashAddr, checking the hash length the type byte announces. */
export function decodeCashAddr(
  address: string,
  defaultPrefix?: string,
): { prefix: string; type: CashAddrType; hash: Uint8Array } {
  const { prefix, payload } = decodeCashAddrPayload(address, defaultPrefix);
  const version = payload[0];
  if (version === undefined || version & 0x80) throw new CashAddrError('CashAddr type byte is invalid');
  const typeBits = (version >> 3) & 0x0f;
  if (typeBits > 1) throw new CashAddrError(`CashAddr type ${typeBits} is not P2PKH or P2SH`);
  const hash = payload.slice(1);
  if (hash.length !== HASH_SIZES[version & 0x07]) {
    throw new CashAddrError('CashAddr hash length does not match its type byte');
  }
  return { prefix, type: typeBits === 0 ? 'p2pkh' : 'p2sh', hash };
}
