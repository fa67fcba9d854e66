import fc from 'fast-check';
import { utils } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { decodeTronAddress, tronAddressFromHex, tronAddressToEvm, tronAddressToHex } from './tronAddress.js';

const hex20 = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => Buffer.from(b).toString('hex'));

describe('TRON address codec', () => {
  it('decodes and encodes the USDT contract as tronweb does', () => {
    expect(tronAddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
    );
    expect(tronAddressFromHex('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    expect(utils.address.toHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
    );
    expect(tronAddressToEvm('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c',
    );
  });

  it('agrees with tronweb both ways for any 20-byte account', () => {
    fc.assert(
      fc.property(hex20, (account) => {
        const base58 = tronAddressFromHex(`41${account}`);
        expect(base58).toBe(utils.address.fromHex(`41${account}`));
        expect(base58.startsWith('T')).toBe(true);
        expect(base58).toHaveLength(34);
        expect(tronAddressToHex(base58)).toBe(utils.address.toHex(base58));
        expect(tronAddressFromHex(`0x${account}`)).toBe(base58);
        expect(utils.address.isAddress(base58)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses every single-character change of a valid address (checksum), as tronweb does', () => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    fc.assert(
      fc.property(hex20, fc.nat(33), fc.nat(57), (account, position, replacement) => {
        const valid = tronAddressFromHex(`41${account}`);
        const c = alphabet[replacement] as string;
        fc.pre(valid[position] !== c);
        const altered = valid.slice(0, position) + c + valid.slice(position + 1);
        expect(decodeTronAddress(altered).ok).toBe(false);
        expect(utils.address.isAddress(altered)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('names what is wrong', () => {
    expect(decodeTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toEqual({
      ok: false,
      problem: 'CHECKSUM_MISMATCH',
    });
    expect(decodeTronAddress('0OIl')).toEqual({ ok: false, problem: 'NOT_BASE58' });
    expect(decodeTronAddress('')).toEqual({ ok: false, problem: 'NOT_BASE58' });
    expect(decodeTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8')).toEqual({ ok: false, problem: 'WRONG_LENGTH' });
    // A valid Bitcoin address: base58check with version byte 0x00.
    expect(decodeTronAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toEqual({
      ok: false,
      problem: 'WRONG_VERSION',
    });
    expect(() => tronAddressToHex('0x1234')).toThrow(TypeError);
    expect(() => tronAddressFromHex('42a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toThrow(TypeError);
  });
});
