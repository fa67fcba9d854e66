import { formatUnits, parseDecimal } from '@cairn/chain-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fiatToCrypto } from './fiatToCrypto.js';

describe('fiatToCrypto', () => {
  it.each([
    // 25 EUR at 60 000 EUR/BTC = 0.000416666... BTC, rounded up to 41 667 sat
    ['25.00', '60000', 8, 41_667n],
    ['25', '60000', 8, 41_667n],
    ['60000', '60000', 8, 100_000_000n],
    // USDC at exactly 1
    ['25.00', '1', 6, 25_000_000n],
    ['49.90', '1', 6, 49_900_000n],
    // USDC slightly off peg: 25 / 0.9998 = 25.005001000200040008...
    ['25.00', '0.9998', 6, 25_005_002n],
    // ETH, 18 decimals: 25 / 3000 = 0.008333... ETH
    ['25.00', '3000', 18, 8_333_333_333_333_334n],
    ['30', '3000', 18, 10_000_000_000_000_000n],
    ['49.90', '64250.123456789', 8, 77_666n],
    ['0.01', '64250.12', 8, 16n],
    ['0', '60000', 8, 0n],
    // a smallest-unit-sized result
    ['0.000000000000000001', '1', 18, 1n],
    // JPY, no minor units
    ['1000', '9500000', 8, 10_527n],
  ])('%s at %s with %i decimals is %s', (fiatAmount, rate, decimals, expected) => {
    expect(fiatToCrypto({ fiatAmount, rate, decimals })).toBe(expected);
  });

  it('shows the vectors in human units', () => {
    expect(formatUnits(fiatToCrypto({ fiatAmount: '25.00', rate: '60000', decimals: 8 }), 8)).toBe(
      '0.00041667',
    );
    expect(formatUnits(fiatToCrypto({ fiatAmount: '25.00', rate: '1', decimals: 6 }), 6)).toBe('25');
  });

  it.each(['0', '0.00'])('throws on rate %s', (rate) => {
    expect(() => fiatToCrypto({ fiatAmount: '25.00', rate, decimals: 8 })).toThrow(/rate must be positive/);
  });

  it.each([
    ['-1', '1', 8],
    ['25.00', '-60000', 8],
    ['25.00', 'abc', 8],
    ['1e3', '1', 8],
    ['25.00', '1', -1],
    ['25.00', '1', 2.5],
  ])('rejects fiat %j, rate %j, decimals %s', (fiatAmount, rate, decimals) => {
    expect(() => fiatToCrypto({ fiatAmount, rate, decimals })).toThrow(RangeError);
  });

  const decimalText = (maxWholeDigits: number, maxFractionDigits: number) =>
    fc
      .tuple(
        fc.bigInt({ min: 0n, max: 10n ** BigInt(maxWholeDigits) - 1n }),
        fc.integer({ min: 0, max: maxFractionDigits }),
        fc.bigInt({ min: 0n, max: 10n ** BigInt(maxFractionDigits) - 1n }),
      )
      .map(([whole, scale, fraction]) =>
        scale === 0
          ? whole.toString()
          : `${whole}.${(fraction % 10n ** BigInt(scale)).toString().padStart(scale, '0')}`,
      );

  it('is the exact ceiling: result*rate >= fiat*10^d > (result-1)*rate', () => {
    fc.assert(
      fc.property(
        decimalText(9, 4),
        decimalText(8, 12).filter((r) => parseDecimal(r).units > 0n),
        fc.constantFrom(0, 2, 6, 7, 8, 9, 12, 18),
        (fiatAmount, rate, decimals) => {
          const result = fiatToCrypto({ fiatAmount, rate, decimals });
          const fiat = parseDecimal(fiatAmount);
          const price = parseDecimal(rate);
          // Compare result * rate with fiat * 10^d on a common integer scale:
          // result * price.units / 10^price.scale  vs  fiat.units * 10^d / 10^fiat.scale
          const lhs = (n: bigint) => n * price.units * 10n ** BigInt(fiat.scale);
          const target = fiat.units * 10n ** BigInt(decimals) * 10n ** BigInt(price.scale);
          expect(result >= 0n).toBe(true);
          expect(lhs(result) >= target).toBe(true);
          expect(lhs(result - 1n) < target).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never undercharges when the fiat amount grows', () => {
    fc.assert(
      fc.property(decimalText(6, 2), decimalText(6, 2), decimalText(6, 8), (a, b, rate) => {
        fc.pre(parseDecimal(rate).units > 0n);
        const [small, large] =
          parseDecimal(a).units * 10n ** BigInt(parseDecimal(b).scale) <=
          parseDecimal(b).units * 10n ** BigInt(parseDecimal(a).scale)
            ? [a, b]
            : [b, a];
        expect(fiatToCrypto({ fiatAmount: small, rate, decimals: 8 })).toBeLessThanOrEqual(
          fiatToCrypto({ fiatAmount: large, rate, decimals: 8 }),
        );
      }),
    );
  });
});
