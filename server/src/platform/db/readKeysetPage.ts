import type { EntityManager } from '@mikro-orm/postgresql';

/** One column of a page's ordering key. */
export interface KeysetColumn {
  /** The column as the page's query names it, e.g. `i.created_at`. */
  readonly column: string;
}

/** Where the previous page ended. */
export interface KeysetCursor {
  /**
   * A query returning the ordering key of the previous page's last row: at most one row, one column
   * per key column in the same order (scope it to the caller's business and mode, so that another
   * business's id is no cursor). It runs as a subquery of the page's statement.
   */
  readonly sql: string;
  readonly params: readonly unknown[];
  /** When the query finds no row: the error to throw, or `'empty'` for an empty page. */
  readonly whenMissing: (() => Error) | 'empty';
}

/** A page to read, newest first. */
export interface KeysetPageQuery {
  /** `select <columns> from <table> <alias>` (with joins): the rows of the page. */
  readonly select: string;
  /** The conditions every row of the list meets (its business and mode first), `?` placeholders. */
  readonly where: readonly string[];
  readonly params: readonly unknown[];
  /** The ordering key, newest first: columns that together are unique, e.g. created_at then id. */
  readonly key: readonly [KeysetColumn, ...KeysetColumn[]];
  /** Absent on the first page. */
  readonly after?: KeysetCursor | undefined;
  /** Rows per page (at least 1). */
  readonly limit: number;
}

/** A page of rows and whether more follow. */
export interface KeysetPage<Row> {
  readonly rows: Row[];
  readonly hasMore: boolean;
}

/**
 * Reads one page of a list newest first with keyset pagination: the rows strictly after the cursor
 * in the ordering key (`(created_at, id) < (select created_at, id from ... where id = ?)`), so pages
 * stay stable while rows are added, and one row more than the page to know whether another page
 * follows. One statement per page (an index on the filter and the key serves it without a sort); only
 * an empty page whose cursor must exist costs a second, to tell the end of the list from a bad cursor. Every list of the API and the
 * dashboard pages through this (payments, invoices, payment links, events, deliveries, the credit
 * ledger). Runs in the caller's transaction when `em` is inside one.
 *
 * @example
 * ```ts
 * const page = await readKeysetPage<InvoiceRow>(em, {
 *   select: `select ${INVOICE_COLUMNS} from invoices i`,
 *   where: ['i.business_id = ?', 'i.mode = ?'],
 *   params: [businessId, mode],
 *   key: [{ column: 'i.created_at' }, { column: 'i.id' }],
 *   after: { sql: 'select created_at, id from invoices where id = ? and business_id = ? and mode = ?',
 *            params: [startingAfter, businessId, mode], whenMissing: () => new ApiError(...) },
 *   limit: 20,
 * });
 * ```
 */
export async function readKeysetPage<Row extends object>(
  em: EntityManager,
  query: KeysetPageQuery,
): Promise<KeysetPage<Row>> {
  if (!Number.isInteger(query.limit) || query.limit < 1) {
    throw new RangeError(`readKeysetPage: limit must be a whole number of at least 1, not ${query.limit}`);
  }
  const connection = em.getConnection();
  const context = em.getTransactionContext();
  const where = [...query.where];
  const params = [...query.params];
  const { after } = query;
  if (after) {
    // One statement: the cursor is a subquery. A cursor that names no row compares as null: no rows.
    where.push(`(${query.key.map((k) => k.column).join(', ')}) < (${after.sql})`);
    params.push(...after.params);
  }
  const order = query.key.map((k) => `${k.column} desc`).join(', ');
  const rows = await connection.execute<Row[]>(
    `${query.select}${where.length > 0 ? ` where ${where.join(' and ')}` : ''} order by ${order} limit ?`,
    [...params, query.limit + 1],
    'all',
    context,
  );
  if (rows.length === 0 && after && after.whenMissing !== 'empty') {
    // An empty page: the end of the list, or a cursor that names no row (refused).
    const found = await connection.execute<unknown[]>(after.sql, [...after.params], 'all', context);
    if (found.length === 0) throw after.whenMissing();
  }
  return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}
