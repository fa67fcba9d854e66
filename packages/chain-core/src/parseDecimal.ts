/** A non-negative decimal number as an integer count of `10^-scale` units: `49.90` is `{ units: 4990n, scale: 2 }`. */
export interface ParsedDecimal {
  /** The digits of the number without the decimal point, as an integer. */
  readonly units: bigint;
  /** How many of those digits stand after the decimal point (trailing zeros included). */
  readonly scale: number;
}

/** Longest decimal string accepted, so that hostile input cannot make bigint arithmetic expensive. */
export const MAX_DECIMAL_LENGTH = 100;

/** Same grammar as the contract's `DecimalString`: no sign, no exponent, no leading zeros, no bare dot. */
const DECIMAL_PATTERN = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

/**
 * Parses a plain, non-negative decimal string exactly, without ever going through a JS number.
 *
 * Accepts the contract's `DecimalString` grammar (`0`, `49.90`, `0.0125`, `64250.123456789`) up to
 * {@link MAX_DECIMAL_LENGTH} characters. Rejects signs, exponents, whitespace, leading zeros (`007`),
 * a bare or trailing dot (`.5`, `5.`), thousands separators and anything that is not a string.
 *
 * @throws RangeError when `text` is not such a decimal string.
 * @example
 * ```ts
 * parseDecimal('49.90'); // { units: 4990n, scale: 2 }
 * parseDecimal('25'); // { units: 25n, scale: 0 }
 * parseDecimal('1e3'); // throws RangeError: Not a decimal string: "1e3"
 * ```
 */
export function parseDecimal(text: string): ParsedDecimal {
  if (typeof text !== 'string' || text.length > MAX_DECIMAL_LENGTH) {
    throw new RangeError(`Not a decimal string: ${describe(text)}`);
  }
  const match = DECIMAL_PATTERN.exec(text);
  if (match === null) throw new RangeError(`Not a decimal string: ${describe(text)}`);
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1]! + fraction), scale: fraction.length };
}

function describe(value: unknown): string {
  if (typeof value !== 'string') return typeof value;
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
}
