import { createHash } from 'node:crypto';
import type { AuthContext } from '../auth/authenticate.js';
import { type PreparedStatement, queryPrepared } from '../db/queryPrepared.js';
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

// Named statements on the ORM's pool (parsed once per connection, no ORM query building): every
// idempotent POST with a key runs two of them.
const CLAIM: PreparedStatement = {
  name: 'cairn_idempotency_claim',
  text: `insert into idempotency_keys (api_key_id, key, request_hash, state, created_at)
    values ($1, $2, $3, 'in_progress', $4) on conflict do nothing returning key`,
};
const READ: PreparedStatement = {
  name: 'cairn_idempotency_read',
  text: `select request_hash, state, response_status, response_body, created_at from idempotency_keys
    where api_key_id = $1 and key = $2`,
};
const TAKE_OVER: PreparedStatement = {
  name: 'cairn_idempotency_take_over',
  text: `update idempotency_keys set request_hash = $3, state = 'in_progress', response_status = null,
      response_body = null, created_at = $4
    where api_key_id = $1 and key = $2 and (created_at <= $5 or (state = 'in_progress' and created_at <= $6))
    returning key`,
};
const STORE: PreparedStatement = {
  name: 'cairn_idempotency_store',
  text: `update idempotency_keys set state = 'done', response_status = $3, response_body = $4::jsonb
    where api_key_id = $1 and key = $2`,
};
const RELEASE: PreparedStatement = {
  name: 'cairn_idempotency_release',
  text: 'delete from idempotency_keys where api_key_id = $1 and key = $2',
};

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
  const { orm } = gateway;
  const apiKeyId = auth.apiKey.id;
  const now = gateway.clock.now();
  const claim = async () => queryPrepared<{ key: string }>(orm, CLAIM, [apiKeyId, key, fingerprint, now]);
  let claimed = (await claim()).length === 1;
  if (!claimed) {
    const [row] = await queryPrepared<Row>(orm, READ, [apiKeyId, key]);
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
      const taken = await queryPrepared<{ key: string }>(orm, TAKE_OVER, [
        apiKeyId,
        key,
        fingerprint,
        now,
        new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS),
        new Date(now.getTime() - ABANDONED_AFTER_MS),
      ]);
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
    await queryPrepared(orm, STORE, [apiKeyId, key, result.status, JSON.stringify(result.body)]);
    return result;
  } catch (error) {
    await queryPrepared(orm, RELEASE, [apiKeyId, key]);
    throw error;
  }
}
