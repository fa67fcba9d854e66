import { StellarAdapterError } from './StellarAdapterError.js';

/** Decimal places of every classic Stellar amount (XLM and issued assets alike). */
export const STELLAR_DECIMALS = 7;
/** Stroops per whole unit (1 XLM = 10^7 stroops). */
export const STROOPS_PER_UNIT = 10_000_000n;
/** The largest amount a classic Stellar balance or payment can carry: int64 stroops. */
export const MAX_STROOPS = 2n ** 63n - 1n;

const AMOUNT = /^(0|[1-9][0-9]*)(?:\.([0-9]{1,7}))?$/;

/**
 * Parses a Horizon amount (`"25.5000000"`: a decimal string of at most 7 places) into stroops,
 * exactly. Refuses anything else: signs, exponents, more than 7 decimals, values above int64.
 */
export function parseStroops(amount: string): bigint {
  const match = AMOUNT.exec(amount);
  if (!match) {
    throw new StellarAdapterError(
      'INVALID_AMOUNT',
      `not a Stellar amount (a decimal with at most ${STELLAR_DECIMALS} places): ${JSON.stringify(amount)}`,
    );
  }
  const whole = BigInt(match[1]!);
  const fraction = BigInt((match[2] ?? '').padEnd(STELLAR_DECIMALS, '0'));
  const stroops = whole * STROOPS_PER_UNIT + fraction;
  if (stroops > MAX_STROOPS) {
    throw new StellarAdapterError('INVALID_AMOUNT', `amount ${amount} is above Stellar's int64 maximum`);
  }
  return stroops;
}

/**
 * Formats stroops as the shortest exact decimal (`255000000n` -> `"25.5"`), as SEP-7's `amount`
 * takes it. Refuses negative values and values above int64.
 */
export function formatStroops(stroops: bigint): string {
  if (stroops < 0n || stroops > MAX_STROOPS) {
    throw new StellarAdapterError('INVALID_AMOUNT', `amount out of range: ${stroops} stroops`);
  }
  const whole = stroops / STROOPS_PER_UNIT;
  const fraction = (stroops % STROOPS_PER_UNIT).toString().padStart(STELLAR_DECIMALS, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}
