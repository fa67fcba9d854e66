/**
 * Node's socket errors that mean the database server cannot be reached or the connection to it broke.
 * (`ENOENT` counts only on `connect`: a Unix socket whose server is not running.)
 */
const SOCKET_ERRORS: ReadonlyMap<string, string> = new Map([
  ['ECONNREFUSED', 'connection refused'],
  ['ECONNRESET', 'connection reset'],
  ['ECONNABORTED', 'connection aborted'],
  ['EPIPE', 'connection closed by the server'],
  ['ETIMEDOUT', 'connection timed out'],
  ['EHOSTUNREACH', 'host unreachable'],
  ['EHOSTDOWN', 'host down'],
  ['ENETUNREACH', 'network unreachable'],
  ['ENETDOWN', 'network down'],
  ['ENOTFOUND', 'host name not found'],
  ['EAI_AGAIN', 'host name lookup failed'],
]);

/**
 * PostgreSQL's SQLSTATEs that mean the server dropped or refused the session. Of class 08 only the
 * codes of a lost or refused connection count: not 08P01 (protocol_violation), which the server
 * answers to a message it cannot parse (a NUL in an inlined statement, say) on a connection that works,
 * nor 08007 (transaction_resolution_unknown), after which a retry is not known to be safe.
 */
const SQLSTATES: ReadonlyMap<string, string> = new Map([
  ['08000', 'connection exception (08000)'],
  ['08003', 'the connection does not exist (08003 connection_does_not_exist)'],
  ['08006', 'connection exception (08006)'],
  ['08001', 'the client could not connect (08001 sqlclient_unable_to_establish_sqlconnection)'],
  ['08004', 'the server rejected the connection (08004 sqlserver_rejected_establishment_of_sqlconnection)'],
  ['57P01', 'the server terminated the connection (57P01 admin_shutdown)'],
  ['57P02', 'the server crashed (57P02 crash_shutdown)'],
  ['57P03', 'the server is starting up, shutting down or in recovery (57P03 cannot_connect_now)'],
  ['57P05', 'the server closed an idle session (57P05 idle_session_timeout)'],
  ['53300', 'too many connections (53300 too_many_connections)'],
]);

/**
 * Errors that carry no code, only a fixed message: node-postgres (a connection that ended, a client
 * that is no longer queryable, its connect timeout), pg-pool's connect timeout, and knex's pool
 * acquire timeout (`KnexTimeoutError`; MikroORM re-wraps it as a DriverException, which keeps the
 * message but not the class). knex prefixes a failed query's message with its SQL and ` - `.
 */
const CODELESS_MESSAGES: ReadonlyMap<string, string> = new Map([
  ['Connection terminated unexpectedly', 'connection lost'],
  ['Connection terminated', 'connection lost'],
  ['Connection terminated due to connection timeout', 'connect timed out'],
  ['timeout expired', 'connect timed out'],
  ['timeout exceeded when trying to connect', 'connect timed out'],
  ['Client has encountered a connection error and is not queryable', 'connection lost'],
  ['Client was closed and is not queryable', 'connection lost'],
]);
const KNEX_ACQUIRE_TIMEOUT = 'Knex: Timeout acquiring a connection.';

interface ErrorLike {
  readonly name?: unknown;
  readonly code?: unknown;
  readonly syscall?: unknown;
  readonly message?: unknown;
  readonly cause?: unknown;
  readonly errors?: unknown;
}

function codelessReason(message: string): string | undefined {
  if (message.startsWith(KNEX_ACQUIRE_TIMEOUT)) return 'no pooled connection within the acquire timeout';
  const direct = CODELESS_MESSAGES.get(message);
  if (direct) return direct;
  const separator = message.lastIndexOf(' - ');
  return separator < 0 ? undefined : CODELESS_MESSAGES.get(message.slice(separator + 3));
}

function reasonOf(error: ErrorLike): string | undefined {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined) {
    const socket = SOCKET_ERRORS.get(code);
    if (socket) return `${socket} (${code})`;
    if (code === 'ENOENT' && error.syscall === 'connect') return 'no server at the socket path (ENOENT)';
    const sqlState = SQLSTATES.get(code);
    if (sqlState) return sqlState;
  }
  if (error.name === 'KnexTimeoutError') return 'no pooled connection within the acquire timeout';
  return typeof error.message === 'string' ? codelessReason(error.message) : undefined;
}

/**
 * Why the database cannot be used, when `error` says that the database is unreachable or that the
 * connection to it was lost (refused, reset, terminated by the server or an administrator, starting
 * up or shutting down, too many connections, a connect or pool acquire timeout); `undefined` for
 * every other error, which stays a 500. Judged by the error's code (a Node socket error or a
 * PostgreSQL SQLSTATE) where it has one, and by the fixed message of the few driver errors that have
 * none. Looks through `cause` chains and AggregateError's `errors` (a connect tried on several
 * addresses).
 *
 * @example
 * ```ts
 * databaseUnavailableReason(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
 * // 'connection refused (ECONNREFUSED)'
 * ```
 */
export function databaseUnavailableReason(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 16) {
    const next = queue.shift();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    const candidate = next as ErrorLike;
    const reason = reasonOf(candidate);
    if (reason) return reason;
    if (candidate.cause !== undefined) queue.push(candidate.cause);
    if (Array.isArray(candidate.errors)) queue.push(...candidate.errors);
  }
  return undefined;
}
