import type { ExportQuery } from './streamExport.js';

/**
 * A statement written with knex's `?` placeholders (the lists' conditions) as node-postgres wants it:
 * each `?` becomes `$1`, `$2`, ... in order. The SQL must hold no other `?` (no jsonb `?` operator).
 */
export function numberedQuery(sql: string, params: readonly unknown[]): ExportQuery {
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  if (n !== params.length) throw new Error(`numberedQuery: ${n} placeholders for ${params.length} values`);
  return { text, values: [...params] };
}
