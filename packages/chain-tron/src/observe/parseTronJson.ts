/**
 * One JSON string (skipped whole, so nothing inside a note or an error message is ever rewritten), or
 * an integer literal of 16 digits or more that is not part of a decimal or an exponent.
 */
const STRING_OR_LONG_INTEGER = /"[^"\\]*(?:\\.[^"\\]*)*"|(?<![\w.+-])-?\d{16,}(?![\w.])/g;

/**
 * Parses a java-tron HTTP API answer without losing precision. The full node prints int64 fields
 * (`amount`, `call_value`, `callValue` in sun) as bare JSON numbers unless asked for strings, which
 * `JSON.parse` would round above 2^53 - 1 (about 9 billion TRX, less than TRX's supply). Every integer
 * literal of 16 digits or more outside a string is therefore turned into a string first; shorter ones
 * stay numbers, exactly. Amount fields thus arrive as a number or a digit string, and
 * {@link sunOf} turns both into a bigint.
 */
export function parseTronJson(text: string): unknown {
  return JSON.parse(
    text.replace(STRING_OR_LONG_INTEGER, (token) => (token.startsWith('"') ? token : `"${token}"`)),
  );
}

/**
 * An int64 amount of the HTTP API (a JSON number, a digit string from {@link parseTronJson} or from
 * java-tron's `int64_as_string`, or absent: protobuf leaves zero out) as a bigint. Throws a
 * `TypeError` for anything inexact (a fraction, an exponent, a float above 2^53).
 */
export function sunOf(value: unknown): bigint {
  if (value === undefined) return 0n;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new TypeError(`not an exact integer amount: ${String(value)}`);
}
