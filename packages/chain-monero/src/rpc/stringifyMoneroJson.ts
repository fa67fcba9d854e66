import { randomUUID } from 'node:crypto';

/** A per-process marker no caller's string can contain by chance. */
const MARKER = `bigint-${randomUUID()}:`;
const MARKED = new RegExp(`"${MARKER}(-?\\d+)"`, 'g');

/**
 * `JSON.stringify` that writes a bigint as a bare integer literal (`"amount":1234567890123456789`),
 * as monero-wallet-rpc expects uint64 amounts: a JSON number, never a string, and never a double
 * (`JSON.rawJSON` would do this natively but Node 20 lacks it). Each bigint is first replaced by a
 * marked string, then the quotes around the marked digits are removed.
 */
export function stringifyMoneroJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${MARKER}${v}` : v)).replace(
    MARKED,
    '$1',
  );
}
