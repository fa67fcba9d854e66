import { formatUnits, parseDecimal } from '@cairn/chain-core';
import type { RateQuote } from '../rates/index.js';
import type { Candidate } from './offeredOptions.js';

const FEE_SCALE = 6;

/** Multiplies decimal strings exactly and rounds up to `scale` decimals. */
function mulCeil(factors: readonly string[], divisor: bigint, scale: number): string {
  let units = 1n;
  let totalScale = 0;
  for (const factor of factors) {
    const d = parseDecimal(factor);
    units *= d.units;
    totalScale += d.scale;
  }
  const numerator = units * 10n ** BigInt(scale);
  const denominator = divisor * 10n ** BigInt(totalScale);
  return formatUnits((numerator + denominator - 1n) / denominator, scale);
}

/**
 * The platform fee of a payment in US dollars (the unit of Prepaid Credit), fixed at creation:
 * `fiat_amount * feeBps / 10000`, converted to dollars through the first priced coin's USD rate when
 * the payment is not in USD. With no USD rate at all the fee is 0 and a warning is the caller's.
 */
export function feeInUsd(input: {
  fiatAmount: string;
  fiatCurrency: string;
  feeBps: number;
  priced: readonly (Candidate & { quote: RateQuote; amount: bigint })[];
  quotes: ReadonlyMap<string, RateQuote>;
}): string {
  const bps = String(input.feeBps);
  if (input.fiatCurrency === 'USD') return mulCeil([input.fiatAmount, bps], 10_000n, FEE_SCALE);
  for (const option of input.priced) {
    const usd = input.quotes.get(`${option.coin.symbol}/USD`);
    if (!usd) continue;
    // fiat * (USD per coin / fiat per coin) * bps / 10000, with the division by the fiat rate done
    // through the crypto amount: amount (smallest units) * USD rate / 10^decimals.
    const decimals = 10n ** BigInt(option.coin.decimals);
    return mulCeil([option.amount.toString(), usd.rate, bps], decimals * 10_000n, FEE_SCALE);
  }
  return '0';
}
