import { describe, expect, it } from 'vitest';
import { sameEvmAddress } from './sameEvmAddress.js';

const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe('sameEvmAddress', () => {
  it('matches one address in any case, with or without 0x', () => {
    expect(sameEvmAddress(VITALIK, VITALIK.toLowerCase())).toBe(true);
    expect(sameEvmAddress(VITALIK, `0X${VITALIK.slice(2).toUpperCase()}`)).toBe(true);
    expect(sameEvmAddress(` ${VITALIK}`, VITALIK.slice(2))).toBe(true);
  });

  it('tells different addresses apart and never matches what is not an address', () => {
    expect(sameEvmAddress(VITALIK, VITALIK.replace('6045', '6046'))).toBe(false);
    expect(sameEvmAddress('0x1234', '0x1234')).toBe(false);
    expect(sameEvmAddress('', '')).toBe(false);
  });
});
