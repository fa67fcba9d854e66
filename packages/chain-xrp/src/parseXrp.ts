import { DROPS_PER_XRP, MAX_DROPS, XRP_DECIMALS } from './formatDrops.js';
import { XrpAdapterError } from './XrpAdapterError.js';

/**
 * Parses a decimal XRP amount (`1.5`, `0.000001`, `12`, `1.500000`) into drops, exactly: no floating
 * point on the way. Rejects signs, exponents, spaces, a bare `.5` or `5.`, more than 6 significant
 * decimals and amounts above {@link MAX_DROPS} with {@link XrpAdapterError} `INVALID_AMOUNT`.
 *
 * @example
 * parseXrp('1.5'); // 1500000n
 */
export function parseXrp(text: string): bigint {
  const match = typeof text === 'string' && text.length <= 64 ? /^(\d+)(?:\.(\d+))?$/.exec(text) : null;
  if (!match) {
    throw new XrpAdapterError('INVALID_AMOUNT', `"${String(text)}" is not a non-negative decimal XRP amount`);
  }
  const significant = (match[2] ?? '').replace(/0+$/, '');
  if (significant.length > XRP_DECIMALS) {
    throw new XrpAdapterError('INVALID_AMOUNT', `"${text}" has more than ${XRP_DECIMALS} decimals`);
  }
  const drops = BigInt(match[1]!) * DROPS_PER_XRP + BigInt(significant.padEnd(XRP_DECIMALS, '0'));
  if (drops > MAX_DROPS) throw new XrpAdapterError('INVALID_AMOUNT', `"${text}" is more XRP than exists`);
  return drops;
}
