/**
 * The compact `JSON.stringify` form of `text`, or `text` itself when it is not JSON. Used only after a
 * signature mismatch: if the compact form matches where `text` did not, `text` was re-serialized.
 */
export function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}
