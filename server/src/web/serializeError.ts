import pino from 'pino';

/**
 * Fields of a database error that carry the data of the row or statement (`detail`: "Key
 * (email)=(ada@shop.test) already exists.", "Failing row contains (...)"; `where`, the context of a
 * PL/pgSQL error; the statement and its bound values as some drivers attach them): never logged.
 */
const VALUE_FIELDS = new Set([
  'detail',
  'where',
  'internalQuery',
  'query',
  'sql',
  'sqlMessage',
  'params',
  'parameters',
  'bindings',
  'values',
]);

/** A single-quoted SQL literal, with its `E`, `N` or `U&` prefix and doubled quotes. */
const SQL_STRING = /(?:\b[EeNn]|\b[Uu]&)?'(?:[^']|'')*'/g;
/** A dollar-quoted SQL literal (`$$...$$`, `$tag$...$tag$`). */
const SQL_DOLLAR_STRING = /\$([A-Za-z_][A-Za-z0-9_]*)?\$[\s\S]*?\$\1\$/g;
/** A number standing alone (not part of a name such as `payments_2` or `$1`). */
const SQL_NUMBER = /(?<![\w$.])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])/g;
/** The value PostgreSQL quotes at the end of "invalid input syntax for type uuid: "abc"". */
const QUOTED_INPUT = /(: )"(?:[^"]|"")*"/g;
/** knex and MikroORM prefix a failed statement's message with the statement, values inlined. */
const STATEMENT =
  /^\s*(?:select|insert|update|delete|with|merge|lock|set|create|alter|drop|truncate|copy|call|do|begin|commit|rollback|savepoint|release|listen|notify)\b/i;

/** A frame line of a stack trace. */
const STACK_FRAME = /^\s+at /;

interface ErrorLike {
  readonly code?: unknown;
  readonly severity?: unknown;
  readonly sqlState?: unknown;
  readonly message?: unknown;
  readonly cause?: unknown;
}

/**
 * Whether `error`, or an error in its `cause` chain, came from the database: PostgreSQL's
 * ErrorResponse as node-postgres gives it (a SQLSTATE `code` and a `severity`), MikroORM's
 * DriverException (`sqlState`), or an error whose message starts with a SQL statement.
 */
function isDatabaseError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const candidate = current as ErrorLike;
    if (typeof candidate.code === 'string' && typeof candidate.severity === 'string') return true;
    if (typeof candidate.sqlState === 'string') return true;
    if (typeof candidate.message === 'string' && STATEMENT.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * A database error's text with the values taken out: every SQL string and number literal becomes `?`
 * and a quoted input value after `: ` becomes `"?"`, so the statement keeps its shape (tables,
 * columns, operators) and PostgreSQL's message its meaning, without the emails, hashes or amounts the
 * driver inlined.
 *
 * @example
 * ```ts
 * withoutSqlValues("select id from users where lower(email) = lower('ada@shop.test') limit 1 - invalid message format");
 * // 'select id from users where lower(email) = lower(?) limit ? - invalid message format'
 * ```
 */
export function withoutSqlValues(text: string): string {
  return text
    .replace(SQL_DOLLAR_STRING, '?')
    .replace(SQL_STRING, '?')
    .replace(SQL_NUMBER, '?')
    .replace(QUOTED_INPUT, '$1"?"');
}

function scrub(value: unknown, depth: number): unknown {
  if (depth > 4 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (VALUE_FIELDS.has(key)) continue;
    out[key] =
      key === 'message' && typeof field === 'string'
        ? withoutSqlValues(field)
        : key === 'stack' && typeof field === 'string'
          ? // The message lines of the stack (and of its causes'), not the frames' line numbers.
            field
              .split('\n')
              .map((line) => (STACK_FRAME.test(line) ? line : withoutSqlValues(line)))
              .join('\n')
          : scrub(field, depth + 1);
  }
  return out;
}

/**
 * The `err` log serializer: pino's own (type, message and stack with their causes, the error's
 * fields), except that a database error is logged without the values of its statement: the driver
 * inlines them into the message (`insert into users ... values ('ada@shop.test', ...)`), and
 * PostgreSQL's `detail` repeats the row. The SQLSTATE `code`, the routine, table, column and
 * constraint, and the statement's shape stay, which is what an operator needs to find the cause.
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error);
  if (!isDatabaseError(error)) return serialized;
  return scrub(serialized, 0);
}
