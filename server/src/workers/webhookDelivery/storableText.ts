/** A NUL, or a UTF-16 surrogate without its other half (a pair cut in two by a slice). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what has to go.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` as PostgreSQL can store it, also when it travels inside a JSON document: each NUL and each
 * lone UTF-16 surrogate becomes U+FFFD. For what the delivery log keeps of responses and errors.
 */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}
