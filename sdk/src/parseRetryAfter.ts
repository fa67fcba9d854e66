/**
 * Reads a `Retry-After` header (RFC 9110: delay in seconds, or an HTTP-date) as seconds from `nowMs`.
 * Returns `undefined` when the header is absent or unreadable; a date in the past gives 0.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  // An HTTP-date names a weekday and month (e.g. `Sun, 06 Nov 1994 08:49:37 GMT`).
  const date = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}
