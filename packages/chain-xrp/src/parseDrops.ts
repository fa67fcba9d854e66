import { MAX_DROPS } from './formatDrops.js';
import { XrpAdapterError } from './XrpAdapterError.js';

/**
 * Parses an XRP amount as rippled writes it, a string of drops (`"1000000"` is 1 XRP: the
 * `delivered_amount` of a payment that delivered XRP), into bigint, exactly. Rejects anything but
 * decimal digits (signs, decimals, exponents, spaces, an empty string) and amounts above
 * {@link MAX_DROPS} with {@link XrpAdapterError} `INVALID_AMOUNT`.
 *
 * @example
 * parseDrops('1000000'); // 1000000n
 */
export function parseDrops(text: string): bigint {
  if (typeof text !== 'string' || !/^\d{1,18}$/.test(text)) {
    throw new XrpAdapterError('INVALID_AMOUNT', `"${String(text)}" is not an amount of drops`);
  }
  const drops = BigInt(text);
  if (drops > MAX_DROPS) {
    throw new XrpAdapterError('INVALID_AMOUNT', `"${text}" drops is more XRP than exists`);
  }
  return drops;
}
