import { XrpAdapterError } from './XrpAdapterError.js';

/** Drops per XRP: 10^6. */
export const DROPS_PER_XRP = 1_000_000n;
/** Decimal places of XRP. */
export const XRP_DECIMALS = 6;
/** The most XRP there will ever be, in drops (100 billion XRP): no XRP amount can exceed it. */
export const MAX_DROPS = 100_000_000_000n * DROPS_PER_XRP;

/**
 * Formats drops as a decimal XRP string with at most 6 decimals and no trailing zeros
 * (`1500000n` -> `1.5`). Integer arithmetic only, never a JS number. Throws {@link XrpAdapterError}
 * `INVALID_AMOUNT` below zero or above {@link MAX_DROPS}.
 *
 * @example
 * formatDrops(1n); // '0.000001'
 */
export function formatDrops(drops: bigint): string {
  if (typeof drops !== 'bigint' || drops < 0n || drops > MAX_DROPS) {
    throw new XrpAdapterError('INVALID_AMOUNT', `not an XRP amount in drops: ${String(drops)}`);
  }
  const whole = drops / DROPS_PER_XRP;
  const fraction = (drops % DROPS_PER_XRP).toString().padStart(XRP_DECIMALS, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}
