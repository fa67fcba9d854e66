import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEvmUri } from './buildEvmUri.js';

const DEPOSIT = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const BSC_USDT = '0x55d398326f99059fF775485246999027B3197955';

describe('buildEvmUri', () => {
  it('builds a native payment with the chain id and the value in wei', () => {
    expect(buildEvmUri({ chainId: 1, to: DEPOSIT, amount: 2_014_000_000_000_000_000n })).toBe(
      `ethereum:${DEPOSIT}@1?value=2014000000000000000`,
    );
  });

  it('builds a token transfer call on the token contract', () => {
    expect(buildEvmUri({ chainId: 8453, to: DEPOSIT, amount: 25_500_000n, tokenContract: BASE_USDC })).toBe(
      `ethereum:${BASE_USDC}@8453/transfer?address=${DEPOSIT}&uint256=25500000`,
    );
  });

  it('writes 18-decimal amounts as plain integers, never in exponent notation or through a float', () => {
    // 1,234.5 USDT on BNB Chain (18 decimals): beyond 2^53 and above 1e21, where Number prints "1.2345e+21".
    const amount = 1_234_500_000_000_000_000_000n;
    expect(String(Number(amount))).toBe('1.2345e+21');
    expect(buildEvmUri({ chainId: 56, to: DEPOSIT, amount, tokenContract: BSC_USDT })).toBe(
      `ethereum:${BSC_USDT}@56/transfer?address=${DEPOSIT}&uint256=1234500000000000000000`,
    );
    const odd = 123_456_789_012_345_678_901n;
    expect(buildEvmUri({ chainId: 56, to: DEPOSIT, amount: odd })).toBe(
      `ethereum:${DEPOSIT}@56?value=123456789012345678901`,
    );
  });

  it('round-trips any amount exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 256n - 1n }), (amount) => {
        const uri = buildEvmUri({ chainId: 56, to: DEPOSIT, amount, tokenContract: BSC_USDT });
        const written = /uint256=(\d+)$/.exec(uri)?.[1];
        expect(written).toBeDefined();
        expect(BigInt(written!)).toBe(amount);
      }),
    );
  });

  it('checksums the addresses and omits a zero amount', () => {
    expect(buildEvmUri({ chainId: 137, to: DEPOSIT.toLowerCase(), amount: 0n })).toBe(
      `ethereum:${DEPOSIT}@137`,
    );
    expect(
      buildEvmUri({ chainId: 8453, to: DEPOSIT, amount: 0n, tokenContract: BASE_USDC.toLowerCase() }),
    ).toBe(`ethereum:${BASE_USDC}@8453/transfer?address=${DEPOSIT}`);
  });

  it('refuses a negative amount, an invalid address or checksum, and an invalid chain id', () => {
    const bad = { code: 'INVALID_PAYMENT_URI_INPUT' };
    expect(() => buildEvmUri({ chainId: 1, to: DEPOSIT, amount: -1n })).toThrow(expect.objectContaining(bad));
    expect(() => buildEvmUri({ chainId: 1, to: '0x1234', amount: 1n })).toThrow(expect.objectContaining(bad));
    expect(() => buildEvmUri({ chainId: 1, to: DEPOSIT.replace('d8dA', 'd8DA'), amount: 1n })).toThrow(
      expect.objectContaining(bad),
    );
    expect(() => buildEvmUri({ chainId: 1, to: DEPOSIT, amount: 1n, tokenContract: 'USDC' })).toThrow(
      expect.objectContaining({ ...bad, message: expect.stringContaining('token contract') }),
    );
    expect(() => buildEvmUri({ chainId: 0, to: DEPOSIT, amount: 1n })).toThrow(expect.objectContaining(bad));
    expect(() => buildEvmUri({ chainId: 1.5, to: DEPOSIT, amount: 1n })).toThrow(
      expect.objectContaining(bad),
    );
  });
});
