import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTronUri } from './buildTronUri.js';

const TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('buildTronUri', () => {
  it('writes TRX and USDT requests with exact decimal amounts', () => {
    expect(buildTronUri({ to: TO, amount: 12_500_000n, decimals: 6 })).toBe(`tron:${TO}?amount=12.5`);
    expect(buildTronUri({ to: TO, amount: 1n, decimals: 6 })).toBe(`tron:${TO}?amount=0.000001`);
    expect(buildTronUri({ to: TO, amount: 3_000_000n, decimals: 6, tokenContract: USDT })).toBe(
      `tron:${TO}?amount=3&token=${USDT}`,
    );
    expect(buildTronUri({ to: TO, amount: 0n, decimals: 6 })).toBe(`tron:${TO}`);
  });

  it('never loses a digit, whatever the amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), (amount) => {
        const uri = buildTronUri({ to: TO, amount, decimals: 6 });
        const text = /amount=([0-9.]+)$/.exec(uri)?.[1] as string;
        const [whole, fraction = ''] = text.split('.');
        expect(BigInt(whole as string) * 1_000_000n + BigInt(fraction.padEnd(6, '0'))).toBe(amount);
        expect(text).not.toMatch(/e|\.$|\.\d*0$/);
      }),
    );
  });

  it('refuses a negative amount and addresses that are not TRON addresses', () => {
    expect(() => buildTronUri({ to: TO, amount: -1n, decimals: 6 })).toThrow(/negative/);
    expect(() =>
      buildTronUri({ to: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', amount: 1n, decimals: 6 }),
    ).toThrow(/not a TRON address/);
    expect(() => buildTronUri({ to: TO, amount: 1n, decimals: 6, tokenContract: 'USDT' })).toThrow(
      /token contract/,
    );
  });
});
