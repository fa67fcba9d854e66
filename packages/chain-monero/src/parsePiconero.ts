import { MAX_PICONERO, XMR_DECIMALS } from './formatPiconero.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';

/**
 * Parses a decimal XMR amount (`1.5`, `0.000000000001`, `12`, `1.500000000000`) into piconero,
 * exactly: no floating point on the way. Rejects signs, exponents, spaces, a bare `.5` or `5.`,
 * more than 12 significant decimals and amounts above the uint64 range with
 * {@link MoneroAdapterError} `INVALID_AMOUNT`.
 *
 * @example
 * parsePiconero('1.5'); // 1500000000000n
 */
export function parsePiconero(text: string): bigint {
  // 64 characters hold any uint64 amount with 12 decimals and generous zero padding.
  const match = text.length <= 64 ? /^(\d+)(?:\.(\d+))?$/.exec(text) : null;
  if (!match)
    throw new MoneroAdapterError('INVALID_AMOUNT', `"${text}" is not a non-negative decimal XMR amount`);
  const significant = (match[2] ?? '').replace(/0+$/, '');
  if (significant.length > XMR_DECIMALS) {
    throw new MoneroAdapterError('INVALID_AMOUNT', `"${text}" has more than ${XMR_DECIMALS} decimals`);
  }
  const piconero =
    BigInt(match[1]!) * 10n ** BigInt(XMR_DECIMALS) + BigInt(significant.padEnd(XMR_DECIMALS, '0'));
  if (piconero > MAX_PICONERO) {
    throw new MoneroAdapterError('INVALID_AMOUNT', `"${text}" is more XMR than an amount can hold`);
  }
  return piconero;
}
