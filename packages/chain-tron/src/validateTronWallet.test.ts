import { describe, expect, it } from 'vitest';
import { validateTronAddress } from './validateTronAddress.js';
import { validateTronWallet } from './validateTronWallet.js';

const TREASURY = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const TREASURY_HEX = '4174472e7d35395a6b5add427eecb7f4b62ad2b071';

describe('validateTronWallet', () => {
  it('verifies a base58check address and stores it as given', () => {
    expect(validateTronWallet({ chainId: 'TRON', value: TREASURY })).toEqual({
      ok: true,
      normalized: TREASURY,
      kind: 'treasury',
      outcome: 'Verified',
    });
  });

  it('canonicalizes the 41-hex form, quotes, whitespace and a tron: prefix to base58check', () => {
    for (const value of [
      TREASURY_HEX,
      TREASURY_HEX.toUpperCase().replace(/^41/, '41'),
      ` ${TREASURY}\n`,
      `"${TREASURY}"`,
      `tron:${TREASURY}`,
    ]) {
      expect(validateTronWallet({ chainId: 'TRON_NILE', value })).toEqual({
        ok: true,
        normalized: TREASURY,
        kind: 'treasury',
        outcome: 'Canonicalized',
      });
    }
  });

  it.each([
    [
      'an Ethereum address',
      '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
      'WRONG_NETWORK',
      /Ethereum-style 0x address.*TRON mainnet address/,
    ],
    [
      'a private key',
      '8e812436a0e3323166e1f0e8ba79e19e217b2c4a53c970d4cca0cfb1078979df',
      'PRIVATE_KEY_REJECTED',
      /private key/,
    ],
    [
      'a 0x private key',
      '0x8e812436a0e3323166e1f0e8ba79e19e217b2c4a53c970d4cca0cfb1078979df',
      'PRIVATE_KEY_REJECTED',
      /private key/,
    ],
    [
      'a recovery phrase',
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      'PRIVATE_KEY_REJECTED',
      /recovery phrase/,
    ],
    ['a typo', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8', 'CHECKSUM_MISMATCH', /wrong checksum/],
    [
      'a Bitcoin address',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      'INVALID_ADDRESS',
      /34 characters starting with T/,
    ],
    ['garbage', 'hello', 'INVALID_ADDRESS', /not a TRON address/],
    ['the zero address', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', 'ZERO_ADDRESS', /zero address/],
    [
      'the USDT contract',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      'TOKEN_CONTRACT',
      /USDT contract on TRON mainnet/,
    ],
  ])('refuses %s', (_what, value, code, message) => {
    const result = validateTronWallet({ chainId: 'TRON', value });
    expect(result).toMatchObject({ ok: false, code });
    expect(result.ok ? '' : result.message).toMatch(message);
  });

  it('names the network expected and refuses chains that are not TRON', () => {
    const nile = validateTronWallet({
      chainId: 'TRON_NILE',
      value: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
    });
    expect(nile.ok ? '' : nile.message).toMatch(/TRON Nile testnet address/);
    expect(validateTronWallet({ chainId: 'ETH', value: TREASURY })).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_CHAIN',
    });
  });
});

describe('validateTronAddress', () => {
  it('accepts refund addresses in either form and refuses the rest with the same codes', () => {
    expect(validateTronAddress('TRON', TREASURY_HEX)).toEqual({ ok: true, normalized: TREASURY });
    expect(validateTronAddress('TRON', TREASURY)).toEqual({ ok: true, normalized: TREASURY });
    expect(validateTronAddress('TRON', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toMatchObject({
      ok: false,
      code: 'WRONG_NETWORK',
    });
    expect(validateTronAddress('TRON', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8')).toMatchObject({
      ok: false,
      code: 'CHECKSUM_MISMATCH',
    });
  });
});
