import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneroAdapterError } from './MoneroAdapterError.js';
import { decodeMoneroBase58, encodeMoneroBase58 } from './moneroBase58.js';
import { encodeMoneroVarint } from './moneroVarint.js';

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

// Vectors from monero's tests/unit_tests/base58.cpp.
const BLOCKS: readonly [string, string][] = [
  ['00', '11'],
  ['39', '1z'],
  ['ff', '5Q'],
  ['0000', '111'],
  ['0039', '11z'],
  ['0100', '15R'],
  ['ffff', 'LUv'],
  ['000000', '11111'],
  ['000039', '1111z'],
  ['010000', '11LUw'],
  ['ffffff', '2UzHL'],
  ['00000039', '11111z'],
  ['ffffffff', '7YXq9G'],
  ['0000000039', '111111z'],
  ['ffffffffff', 'VtB5VXc'],
  ['000000000039', '11111111z'],
  ['ffffffffffff', '3CUsUpv9t'],
  ['00000000000039', '111111111z'],
  ['ffffffffffffff', 'Ahg1opVcGW'],
  ['0000000000000039', '1111111111z'],
  ['ffffffffffffffff', 'jpXCZedGfVQ'],
  ['0000000000000000', '11111111111'],
  ['0000000000000001', '11111111112'],
  ['0000000000000008', '11111111119'],
  ['0000000000000009', '1111111111A'],
  ['000000000000003a', '11111111121'],
  ['00ffffffffffffff', '1Ahg1opVcGW'],
  ['06156013762879f7', '22222222222'],
  ['05e022ba374b2a00', '1z111111111'],
];

const DECODE_REFUSED = [
  // invalid length
  ...['1', 'z', '1111', 'zzzz', '11111111', 'zzzzzzzz', '123456789AB1', '123456789ABz', '123456789AB1111'],
  ...['123456789ABzzzz', '123456789AB11111111', '123456789ABzzzzzzzz'],
  // overflow
  ...['5R', 'zz', 'LUw', 'zzz', '2UzHM', 'zzzzz', '7YXq9H', 'zzzzzz', 'VtB5VXd', 'zzzzzzz', '3CUsUpv9u'],
  ...[
    'zzzzzzzzz',
    'Ahg1opVcGX',
    'zzzzzzzzzz',
    'jpXCZedGfVR',
    'zzzzzzzzzzz',
    '123456789AB5R',
    '123456789ABzz',
  ],
  ...[
    '123456789ABLUw',
    '123456789AB2UzHM',
    '123456789AB7YXq9H',
    '123456789ABVtB5VXd',
    '123456789AB3CUsUpv9u',
  ],
  ...['123456789ABAhg1opVcGX', '123456789ABjpXCZedGfVR', 'zzzzzzzzzzz11'],
  // invalid symbols
  ...['10', '11I', '11O11', '11l111', '11_11111111', '1101111111111', '11I11111111111111'],
  ...['11O1111111111111111111', '1111111111110', '111111111111l1111', '111111111111_111111111'],
];

// base58(varint(tag) || data || keccak-256(varint(tag) || data)[0..4]): monero's encode_addr.
const ADDRESSES: readonly [string, number, string][] = [
  [
    '21D35quxec71111111111111111111111111111111111111111111111111111111111111111111111111111116Q5tCH',
    6,
    '00'.repeat(64),
  ],
  [
    '2Aui6ejTFscjpXCZedGfVQjpXCZedGfVQjpXCZedGfVQjpXCZedGfVQjpXCZedGfVQjpXCZedGfVQjpXCZedGfVQVqegMoV',
    6,
    'ff'.repeat(64),
  ],
  [
    '111111111111111111111111111111111111111111111111111111111111111111111111111111111111111115TXfiA',
    0,
    '00'.repeat(64),
  ],
  ['15p2yAV', 0, ''],
  ['FNQ3D6A', 0x7f, ''],
  ['26k9QWweu', 0x80, ''],
  ['3BzAD7n3y', 0xff, ''],
  ['11efCaY6UjG7JrxuB', 0, '11223344556677'],
  ['21rhHRT48LN4PriP9', 6, '11223344556677'],
];

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof MoneroAdapterError ? error.code : 'not a MoneroAdapterError';
  }
  return undefined;
}

describe('moneroBase58', () => {
  it.each(BLOCKS)('encodes block %s as %s and back', (bytes, text) => {
    expect(encodeMoneroBase58(hex(bytes))).toBe(text);
    expect(toHex(decodeMoneroBase58(text))).toBe(bytes);
  });

  it('cuts long input into 8-byte blocks of 11 characters plus a last block sized by the table', () => {
    expect(encodeMoneroBase58(new Uint8Array())).toBe('');
    expect(decodeMoneroBase58('')).toEqual(new Uint8Array());
    for (let n = 1; n <= 16; n += 1) {
      expect(encodeMoneroBase58(new Uint8Array(n))).toBe(
        '1'.repeat([0, 2, 3, 5, 6, 7, 9, 10, 11][n % 8]! + 11 * Math.floor(n / 8)),
      );
    }
    expect(encodeMoneroBase58(hex('06156013762879f7ffffffffff'))).toBe('22222222222VtB5VXc');
    expect(toHex(decodeMoneroBase58('jpXCZedGfVQ2UzHL'))).toBe('ff'.repeat(11));
    // A standard address is 69 bytes (95 characters), an integrated one 77 bytes (106 characters).
    expect(encodeMoneroBase58(new Uint8Array(69)).length).toBe(95);
    expect(encodeMoneroBase58(new Uint8Array(77)).length).toBe(106);
  });

  it.each(ADDRESSES)("writes monero's encode_addr vector %s", (text, tag, data) => {
    const body = new Uint8Array([...encodeMoneroVarint(tag), ...hex(data)]);
    const bytes = new Uint8Array([...body, ...keccak_256(body).subarray(0, 4)]);
    expect(encodeMoneroBase58(bytes)).toBe(text);
    expect(decodeMoneroBase58(text)).toEqual(bytes);
  });

  it('round-trips any bytes, and any text it accepts re-encodes to itself (one encoding per value)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        expect(decodeMoneroBase58(encodeMoneroBase58(bytes))).toEqual(bytes);
      }),
      { numRuns: 500 },
    );
    const base58Char = fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');
    fc.assert(
      fc.property(fc.string({ unit: base58Char, maxLength: 40 }), (text) => {
        let bytes: Uint8Array;
        try {
          bytes = decodeMoneroBase58(text);
        } catch {
          return;
        }
        expect(encodeMoneroBase58(bytes)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it.each(DECODE_REFUSED)('refuses %s', (text) => {
    expect(codeOf(() => decodeMoneroBase58(text))).toBe('INVALID_BASE58');
  });
});
