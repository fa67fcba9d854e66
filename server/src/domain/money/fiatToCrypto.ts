import { parseDecimal } from '@cairn/chain-core';

/** Inputs of {@link fiatToCrypto}. */
export interface FiatToCryptoParams {
  /** Fiat amount as a decimal string, e.g. `'25.00'`. */
  readonly fiatAmount: string;
  /** Exchange rate as a decimal string: fiat units per one whole coin, e.g. `'60000'`. */
  readonly rate: string;
  /** Decimal places of the coin's smallest unit (8 for BTC, 18 for ETH, 6 for USDC on most chains). */
  readonly decimals: number;
}

/**
 * Converts a fiat amount to the coin's smallest unit at `rate`, rounding up so the merchant is never
 * short: `ceil(fiatAmount * 10^decimals / rate)`, computed exactly in integers (docs/api.md, Amounts).
 *
 * @returns The crypto amount in the smallest unit.
 * @throws RangeError when an amount is not a decimal string, `rate` is not positive, or `decimals` is
 * not a non-negative integer.
 * @example
 * ```ts
 * fiatToCrypto({ fiatAmount: '25.00', rate: '60000', decimals: 8 }); // 41667n (satoshi)
 * fiatToCrypto({ fiatAmount: '25.00', rate: '1', decimals: 6 }); // 25000000n (USDC units)
 * ```
 */
export function fiatToCrypto({ fiatAmount, rate, decimals }: FiatToCryptoParams): bigint {
  if (!Number.isSafeInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
  const fiat = parseDecimal(fiatAmount);
  const price = parseDecimal(rate);
  if (price.units <= 0n) throw new RangeError(`rate must be positive, got ${JSON.stringify(rate)}`);
  // fiat.units / 10^fiat.scale * 10^decimals / (price.units / 10^price.scale)
  const numerator = fiat.units * 10n ** BigInt(decimals + price.scale);
  const denominator = price.units * 10n ** BigInt(fiat.scale);
  return (numerator + denominator - 1n) / denominator;
}
