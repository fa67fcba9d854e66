const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** The contract's bodies nest two levels deep; anything deeper fails the schema before any storage. */
const MAX_DEPTH = 8;

const isUnstorable = (text: string) => text.includes(NUL) || LONE_SURROGATE.test(text);

/**
 * The dotted paths of the strings in a parsed JSON body or query that PostgreSQL cannot store as text
 * or jsonb: strings with a NUL character, and strings that are not well-formed UTF-16 (a lone
 * surrogate, e.g. from the JSON escape `"\ud800"`). Such input would otherwise fail deep in the
 * database with a 500, or be silently altered and then break the stored idempotent response.
 * Iterative and depth-capped, so a deeply nested body costs little.
 */
export function findUnstorableText(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  while (stack.length > 0 && found.length < limit) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (isUnstorable(current)) found.push(path || 'body');
      continue;
    }
    if (depth >= MAX_DEPTH || current === null || typeof current !== 'object') continue;
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (const [key, item] of entries.reverse()) {
      if (typeof key === 'string' && isUnstorable(key))
        found.push(join(path, JSON.stringify(key).slice(1, -1)));
      else stack.push({ value: item, path: join(path, key), depth: depth + 1 });
    }
  }
  return found;
}
