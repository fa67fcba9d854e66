import { SolanaAdapterError } from './SolanaAdapterError.js';

/**
 * Formats an amount in smallest units (lamports, token base units) as the decimal number of "user"
 * units that Solana Pay's `amount` takes: digits, a `.` only when there is a fraction, a leading
 * `0` before the `.` below 1, no trailing zeros, never scientific notation ("Amount", Solana Pay
 * specification; the reference parser accepts `^\d+(\.\d+)?$`). Exact: bigint arithmetic only.
 *
 * @example formatSolanaAmount(1_500_000_000n, 9) // '1.5'
 */
export function formatSolanaAmount(amount: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 30) {
    throw new SolanaAdapterError(
      'INVALID_AMOUNT',
      `decimals must be an integer from 0 to 30: got ${decimals}`,
    );
  }
  if (amount < 0n) {
    throw new SolanaAdapterError('INVALID_AMOUNT', `an amount cannot be negative: got ${amount}`);
  }
  const unit = 10n ** BigInt(decimals);
  const whole = amount / unit;
  const fraction = (amount % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}

/**
 * Parses a token amount in base units as the RPC gives it (`uiTokenAmount.amount`: a string of
 * digits) into a bigint, refusing anything else (signs, fractions, exponents, empty text).
 */
export function parseBaseUnits(text: string): bigint {
  if (!/^\d+$/.test(text)) {
    throw new SolanaAdapterError('INVALID_AMOUNT', `not an amount in base units (digits only): "${text}"`);
  }
  return BigInt(text);
}
