import { bytesToHex, hexToBytes, sha256 } from 'viem';

/** The version byte of every TRON address (mainnet and testnets alike): base58check starts with `T`. */
export const TRON_ADDRESS_PREFIX = 0x41;

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT = new Map([...ALPHABET].map((c, i) => [c, BigInt(i)]));
const HEX41 = /^41[0-9a-fA-F]{40}$/;

/** Why a string is not a TRON address. */
export type TronAddressProblem = 'NOT_BASE58' | 'WRONG_LENGTH' | 'WRONG_VERSION' | 'CHECKSUM_MISMATCH';

function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const c of text) {
    const digit = DIGIT.get(c);
    if (digit === undefined) return undefined;
    value = value * 58n + digit;
  }
  const body: number[] = [];
  while (value > 0n) {
    body.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  let zeros = 0;
  while (text[zeros] === '1') zeros += 1;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}

function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

function checksum(payload: Uint8Array): Uint8Array {
  return hexToBytes(sha256(hexToBytes(sha256(payload)))).slice(0, 4);
}

/**
 * Decodes a base58check TRON address (`T…`) into its 21 bytes as hex (`41` + 20 bytes, lower case),
 * or says why it cannot: not base58, not 25 bytes, a version byte other than 0x41, a bad checksum
 * (double SHA-256, first 4 bytes, as java-tron's `WalletUtil.encode58Check`).
 *
 * @example
 * decodeTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
 * // { ok: true, hex: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c' }
 */
export function decodeTronAddress(
  text: string,
): { ok: true; hex: string } | { ok: false; problem: TronAddressProblem } {
  const bytes = base58Decode(text);
  if (!bytes || text.length === 0) return { ok: false, problem: 'NOT_BASE58' };
  if (bytes.length !== 25) return { ok: false, problem: 'WRONG_LENGTH' };
  const payload = bytes.slice(0, 21);
  if (payload[0] !== TRON_ADDRESS_PREFIX) return { ok: false, problem: 'WRONG_VERSION' };
  const sum = checksum(payload);
  if (sum.some((b, i) => b !== bytes[21 + i])) return { ok: false, problem: 'CHECKSUM_MISMATCH' };
  return { ok: true, hex: bytesToHex(payload).slice(2) };
}

/**
 * Encodes a TRON address given as hex (`41` + 40 hex digits, or 40 hex digits / `0x` + 40, taken as
 * the 20-byte account that TVM code sees) as base58check (`T…`). Throws a `TypeError` for anything
 * else.
 *
 * @example
 * tronAddressFromHex('41a614f803b6fd780986a42c78ec9c7f77e6ded13c'); // 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
 */
export function tronAddressFromHex(hex: string): string {
  const body = hex.replace(/^0x/i, '');
  const full = /^[0-9a-fA-F]{40}$/.test(body) ? `41${body}` : body;
  if (!HEX41.test(full)) throw new TypeError(`${hex} is not a TRON address in hex (41 and 20 bytes)`);
  const payload = hexToBytes(`0x${full}`);
  const bytes = new Uint8Array(25);
  bytes.set(payload);
  bytes.set(checksum(payload), 21);
  return base58Encode(bytes);
}

/**
 * The 21-byte hex form (`41…`, lower case) of a TRON address given as base58check (`T…`), as `41…`
 * hex, or as the 20-byte account (`0x…` or 40 hex digits, as in TVM logs). Throws a `TypeError` when
 * it is none of these.
 *
 * @example
 * tronAddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'); // '41a614f803b6fd780986a42c78ec9c7f77e6ded13c'
 */
export function tronAddressToHex(address: string): string {
  const body = address.replace(/^0x/i, '');
  if (/^[0-9a-fA-F]{40}$/.test(body)) return `41${body.toLowerCase()}`;
  if (HEX41.test(body)) return body.toLowerCase();
  const decoded = decodeTronAddress(address);
  if (!decoded.ok) throw new TypeError(`${address} is not a TRON address (${decoded.problem})`);
  return decoded.hex;
}

/**
 * The 20-byte account of a TRON address as `0x…` hex (what TVM code, ABI encoding and viem use).
 *
 * @example
 * tronAddressToEvm('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'); // '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c'
 */
export function tronAddressToEvm(address: string): `0x${string}` {
  return `0x${tronAddressToHex(address).slice(2)}`;
}
