import { describe, expect, it } from 'vitest';
import { decodeMoneroVarint, encodeMoneroVarint } from './moneroVarint.js';

describe('moneroVarint', () => {
  it.each([
    [0, [0x00]],
    [18, [0x12]],
    [127, [0x7f]],
    [128, [0x80, 0x01]],
    [300, [0xac, 0x02]],
    [0x1cd2, [0xd2, 0x39]],
    [2 ** 32, [0x80, 0x80, 0x80, 0x80, 0x10]],
  ])('writes %i as %j and reads it back', (value, bytes) => {
    expect([...encodeMoneroVarint(value)]).toEqual(bytes);
    expect(decodeMoneroVarint(Uint8Array.from([...bytes, 0xff, 0x01]))).toEqual({
      value,
      length: bytes.length,
    });
  });

  it('refuses a truncated or non-minimal varint', () => {
    expect(decodeMoneroVarint(new Uint8Array())).toBeUndefined();
    expect(decodeMoneroVarint(Uint8Array.from([0x80]))).toBeUndefined();
    expect(decodeMoneroVarint(Uint8Array.from([0x92, 0x00]))).toBeUndefined();
    expect(decodeMoneroVarint(new Uint8Array(9).fill(0xff))).toBeUndefined();
  });

  it('refuses to write a negative or fractional value', () => {
    expect(() => encodeMoneroVarint(-1)).toThrow(RangeError);
    expect(() => encodeMoneroVarint(1.5)).toThrow(RangeError);
  });
});
