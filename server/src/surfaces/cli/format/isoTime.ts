/** A database time as ISO 8601, or '' for none. */
export function isoTime(value: Date | string | null): string {
  return value === null ? '' : new Date(value).toISOString();
}
