import { createHash } from 'node:crypto';
import type { AuthContext } from '../auth/authenticate.js';
import { ApiError } from '../errors/ApiError.js';
import type { Gateway } from '../gateway.js';

/** How long a stored response is replayed for the same key. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** An in-progress claim older than this was left by a crashed request and may be taken over. */
const ABANDONED_AFTER_MS = 60 * 1000;

export interface HandlerResult {
  readonly status: number;
  readonly body: unknown;
}

interface Row {
  request_hash: string;
  state: 'in_progress' | 'done';
  response_status: number | null;
  response_body: unknown;
  created_at: Date;
}

/** The fingerprint of a request: method, path and body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * Runs a POST at most once per (API key, Idempotency-Key). The same key and body within 24 hours
 * returns the stored response; a different body is 409 IDEMPOTENCY_KEY_REUSED; a duplicate arriving
 * while the first is still running is 409 IDEMPOTENCY_REQUEST_IN_PROGRESS. Only successful responses
 * are stored: a failed request changed nothing, so its retry runs again.
 */
export async function withIdempotency(
  gateway: Gateway,
  auth: AuthContext,
  key: string | undefined,
  fingerprint: string,
  handler: () => Promise<HandlerResult>,
): Promise<HandlerResult & { replayed?: boolean }> {
  if (key === undefined) return handler();
  const connection = gateway.orm.em.fork().getConnection();
  const now = gateway.clock.now();
  const claim = async () =>
    connection.execute<{ key: string }[]>(
      `insert into idempotency_keys (api_key_id, key, request_hash, state, created_at)
       values (?, ?, ?, 'in_progress', ?) on conflict do nothing returning key`,
      [auth.apiKey.id, key, fingerprint, now],
    );
  let claimed = (await claim()).length === 1;
  if (!claimed) {
    const [row] = await connection.execute<Row[]>(
      'select request_hash, state, response_status, response_body, created_at from idempotency_keys where api_key_id = ? and key = ?',
      [auth.apiKey.id, key],
    );
    const age = row ? now.getTime() - new Date(row.created_at).getTime() : Number.POSITIVE_INFINITY;
    if (row && age < IDEMPOTENCY_RETENTION_MS && row.request_hash !== fingerprint) {
      throw new ApiError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used with a different request.',
      );
    }
    if (row && row.state === 'done' && age < IDEMPOTENCY_RETENTION_MS) {
      return { status: row.response_status!, body: row.response_body, replayed: true };
    }
    if (row && row.state === 'in_progress' && age < ABANDONED_AFTER_MS) {
      throw new ApiError(
        'IDEMPOTENCY_REQUEST_IN_PROGRESS',
        'A request with this Idempotency-Key is still being processed; retry shortly.',
      );
    }
    // Gone (its request failed meanwhile), expired or abandoned: claim or take the key over. The
    // takeover re-checks expiry in the UPDATE itself (not by comparing timestamps, whose precision
    // differs between JavaScript and PostgreSQL), so of two concurrent takers only one wins.
    if (!row) {
      claimed = (await claim()).length === 1;
    } else {
      const taken = await connection.execute<{ key: string }[]>(
        `update idempotency_keys set request_hash = ?, state = 'in_progress', response_status = null,
           response_body = null, created_at = ?
         where api_key_id = ? and key = ?
           and (created_at <= ? or (state = 'in_progress' and created_at <= ?)) returning key`,
        [
          fingerprint,
          now,
          auth.apiKey.id,
          key,
          new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS),
          new Date(now.getTime() - ABANDONED_AFTER_MS),
        ],
      );
      claimed = taken.length === 1;
    }
    if (!claimed) {
      throw new ApiError(
        'IDEMPOTENCY_REQUEST_IN_PROGRESS',
        'A request with this Idempotency-Key is being processed.',
      );
    }
  }
  try {
    const result = await handler();
    await connection.execute(
      `update idempotency_keys set state = 'done', response_status = ?, response_body = ?::jsonb
       where api_key_id = ? and key = ?`,
      [result.status, JSON.stringify(result.body), auth.apiKey.id, key],
    );
    return result;
  } catch (error) {
    await connection.execute('delete from idempotency_keys where api_key_id = ? and key = ?', [
      auth.apiKey.id,
      key,
    ]);
    throw error;
  }
}
