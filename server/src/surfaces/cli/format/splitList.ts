/** A comma-separated option value as its trimmed, non-empty items (`--tokens A:B, C:D`). */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
