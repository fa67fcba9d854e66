import { MoneroAdapterError } from './MoneroAdapterError.js';

/**
 * Monero's base58: the Bitcoin alphabet, but no leading-zero rule and no whole-number conversion.
 * The bytes are cut into 8-byte blocks, each written as exactly 11 characters (big-endian, padded
 * with `1`); a last partial block of n bytes takes ENCODED_BLOCK_SIZES[n] characters. Standard
 * addresses (69 bytes) are 95 characters, integrated addresses (77 bytes) 106. Reference:
 * monero-project/monero src/common/base58.cpp.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const FULL_BLOCK_SIZE = 8;
const FULL_ENCODED_BLOCK_SIZE = 11;
/** Characters taken by a block of 0..8 bytes. */
const ENCODED_BLOCK_SIZES = [0, 2, 3, 5, 6, 7, 9, 10, 11] as const;

const DIGITS = new Map([...ALPHABET].map((char, digit) => [char, BigInt(digit)]));

function encodeBlock(block: Uint8Array): string {
  let value = 0n;
  for (const byte of block) value = (value << 8n) | BigInt(byte);
  let text = '';
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)]! + text;
    value /= 58n;
  }
  return text.padStart(ENCODED_BLOCK_SIZES[block.length]!, ALPHABET[0]);
}

/**
 * Encodes bytes in Monero's block base58.
 *
 * @example
 * encodeMoneroBase58(new Uint8Array([0x12, 0x34])); // '2PM' (two bytes take three characters)
 */
export function encodeMoneroBase58(bytes: Uint8Array): string {
  let text = '';
  for (let offset = 0; offset < bytes.length; offset += FULL_BLOCK_SIZE) {
    text += encodeBlock(bytes.subarray(offset, offset + FULL_BLOCK_SIZE));
  }
  return text;
}

/**
 * Decodes Monero's block base58. Throws {@link MoneroAdapterError} `INVALID_BASE58` on a character
 * outside the alphabet, a length no block size gives, or a block whose value does not fit its bytes
 * (the checks of monero's `base58::decode`, so every accepted text has exactly one encoding).
 *
 * @example
 * decodeMoneroBase58('2PM'); // Uint8Array [0x12, 0x34]
 */
export function decodeMoneroBase58(text: string): Uint8Array {
  const fullBlocks = Math.floor(text.length / FULL_ENCODED_BLOCK_SIZE);
  const lastEncodedSize = text.length % FULL_ENCODED_BLOCK_SIZE;
  const lastSize = ENCODED_BLOCK_SIZES.indexOf(lastEncodedSize as (typeof ENCODED_BLOCK_SIZES)[number]);
  if (lastSize < 0) {
    throw new MoneroAdapterError('INVALID_BASE58', `${text.length} characters is not a Monero base58 length`);
  }
  const bytes = new Uint8Array(fullBlocks * FULL_BLOCK_SIZE + lastSize);
  for (let block = 0; block * FULL_ENCODED_BLOCK_SIZE < text.length; block += 1) {
    const chunk = text.slice(block * FULL_ENCODED_BLOCK_SIZE, (block + 1) * FULL_ENCODED_BLOCK_SIZE);
    const size = block < fullBlocks ? FULL_BLOCK_SIZE : lastSize;
    let value = 0n;
    for (const char of chunk) {
      const digit = DIGITS.get(char);
      if (digit === undefined) {
        throw new MoneroAdapterError('INVALID_BASE58', `"${char}" is not a base58 character`);
      }
      value = value * 58n + digit;
    }
    if (value >> BigInt(8 * size) !== 0n) {
      throw new MoneroAdapterError('INVALID_BASE58', `base58 block "${chunk}" overflows ${size} bytes`);
    }
    for (let i = size - 1; i >= 0; i -= 1) {
      bytes[block * FULL_BLOCK_SIZE + i] = Number(value & 0xffn);
      value >>= 8n;
    }
  }
  return bytes;
}
