import pg from 'pg';
import { StartupError } from '../runtime/StartupError.js';

const CONNECT_TIMEOUT_MS = 5_000;

/** The URL's user, host, port and database only (no password, no query parameters), for messages. */
function describe(url: string): string {
  try {
    const { protocol, username, host, pathname } = new URL(url);
    return `${protocol}//${username ? `${username}@` : ''}${host}${pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** Why a connection failed, in words. */
function reason(error: unknown, url: string): string {
  const { code, message } = error as { code?: string; message?: string };
  let host = '';
  let database = '';
  try {
    const parsed = new URL(url);
    host = `${parsed.hostname}:${parsed.port || '5432'}`;
    database = decodeURIComponent(parsed.pathname.slice(1));
  } catch {}
  switch (code) {
    case 'ECONNREFUSED':
      return `nothing accepts connections at ${host}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host name in ${host} does not resolve`;
    case 'ETIMEDOUT':
      return `${host} did not answer`;
    case '28P01':
    case '28000':
      return 'the server refused the user name or password';
    case '3D000':
      return `the database "${database}" does not exist`;
    case '53300':
      return 'the server has no free connection slots';
    default:
      return /timeout/i.test(message ?? '')
        ? `${host} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s`
        : (message ?? String(error));
  }
}

/**
 * Opens and closes one connection to DATABASE_URL before anything else uses it, so that a server that
 * is down, a wrong password or a missing database is one sentence at start, not a stack trace.
 */
export async function checkDatabaseUrl(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new StartupError(
      `Cannot connect to the PostgreSQL server in DATABASE_URL (${describe(url)}): ${reason(error, url)}. Check that the server runs and that the URL's host, port, user, password and database are right, or unset DATABASE_URL to use the embedded PostgreSQL.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
