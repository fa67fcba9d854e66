import { MoneroAdapterError } from './MoneroAdapterError.js';

/** Piconero per XMR: 10^12. */
export const PICONERO_PER_XMR = 1_000_000_000_000n;
/** Decimal places of XMR. */
export const XMR_DECIMALS = 12;
/** The largest amount Monero carries (amounts are uint64 piconero). */
export const MAX_PICONERO = 0xffff_ffff_ffff_ffffn;

/**
 * Formats piconero as a decimal XMR string with at most 12 decimals and no trailing zeros
 * (`1500000000000n` -> `1.5`). Integer arithmetic only, never a JS number. Throws
 * {@link MoneroAdapterError} `INVALID_AMOUNT` below zero or above the uint64 range.
 *
 * @example
 * formatPiconero(1n); // '0.000000000001'
 */
export function formatPiconero(piconero: bigint): string {
  if (typeof piconero !== 'bigint' || piconero < 0n || piconero > MAX_PICONERO) {
    throw new MoneroAdapterError('INVALID_AMOUNT', `not a piconero amount: ${String(piconero)}`);
  }
  const whole = piconero / PICONERO_PER_XMR;
  const fraction = (piconero % PICONERO_PER_XMR).toString().padStart(XMR_DECIMALS, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}
