import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type PreparedStatement, queryPrepared } from '../../platform/db/queryPrepared.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { AuthContext } from './AuthContext.js';

/** How long a stored response is replayed for the same key. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** An in-progress claim older than this was left by a crashed request and may be taken over. */
const ABANDONED_AFTER_MS = 60 * 1000;

export interface HandlerResult {
  readonly status: number;
  readonly body: unknown;
}

/**
 * A POST's handler. With an Idempotency-Key it is given `tx`, a transaction it must make its change
 * in (rather than in one of its own): the key's response is stored in that transaction before it
 * commits. Without a key it is called without one.
 */
export type IdempotentHandler = (tx?: EntityManager) => Promise<HandlerResult>;

interface Row {
  request_hash: string;
  state: 'in_progress' | 'done';
  response_status: number | null;
  response_body: unknown;
  created_at: Date;
}

// Named statements on the ORM's pool (parsed once per connection, no ORM query building): every
// idempotent POST with a key runs two of them, the claim and the store (the store on the handler's
// transaction). A claim is known by its time (`created_at`): a takeover happens only once the claim
// it replaces is at least a minute old, so it always writes another time, and a request that lost its
// claim stores and releases nothing.
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
  name: 'cairn_idempotency_store_claimed',
  text: `update idempotency_keys set state = 'done', response_status = $4, response_body = $5::jsonb
    where api_key_id = $1 and key = $2 and state = 'in_progress' and created_at = $3
    returning key`,
};
const RELEASE: PreparedStatement = {
  name: 'cairn_idempotency_release_claimed',
  text: `delete from idempotency_keys
    where api_key_id = $1 and key = $2 and state = 'in_progress' and created_at = $3
    returning key`,
};

/** The request's claim was taken over by a later request with the same key while it ran. */
class ClaimLost extends Error {
  override readonly name = 'ClaimLost';
}

const inProgress = () =>
  new ApiError(
    'IDEMPOTENCY_REQUEST_IN_PROGRESS',
    'A request with this Idempotency-Key is still being processed; retry shortly.',
  );

/** The fingerprint of a request: method, path and body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * The answer a recorded key gives a request: its stored response (replayed), or a 409 (another
 * request, or one still running), or `undefined` when the key may be claimed (no record, expired, or
 * an abandoned claim).
 */
function answerFromRecord(
  row: Row | undefined,
  now: Date,
  fingerprint: string,
): (HandlerResult & { replayed: true }) | undefined {
  if (!row) return undefined;
  const age = now.getTime() - new Date(row.created_at).getTime();
  if (age >= IDEMPOTENCY_RETENTION_MS) return undefined;
  if (row.request_hash !== fingerprint) {
    throw new ApiError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used with a different request.',
    );
  }
  if (row.state === 'done') return { status: row.response_status!, body: row.response_body, replayed: true };
  if (age < ABANDONED_AFTER_MS) throw inProgress();
  return undefined;
}

/**
 * Runs a POST at most once per (API key, Idempotency-Key). The same key and body within 24 hours
 * returns the stored response; a different body is 409 IDEMPOTENCY_KEY_REUSED; a duplicate arriving
 * while the first is still running is 409 IDEMPOTENCY_REQUEST_IN_PROGRESS. Only successful responses
 * are stored: a failed request changed nothing, so its retry runs again.
 *
 * The key is claimed first (its own statement, so that a concurrent duplicate sees the claim at once);
 * the handler then makes its change in a transaction opened here, and the response is stored in that
 * same transaction before it commits. So the change and its stored response commit together or not
 * at all: after a crash at any point, a retry either replays the response of the change that happened
 * or (once the claim is abandoned) runs the handler for the first time.
 */
export async function withIdempotency(
  gateway: Gateway,
  auth: AuthContext,
  key: string | undefined,
  fingerprint: string,
  handler: IdempotentHandler,
): Promise<HandlerResult & { replayed?: boolean }> {
  if (key === undefined) return handler();
  const { orm } = gateway;
  const apiKeyId = auth.apiKey.id;
  const now = gateway.clock.now();
  const read = async () => (await queryPrepared<Row>(orm, READ, [apiKeyId, key]))[0];
  const claim = async () => queryPrepared<{ key: string }>(orm, CLAIM, [apiKeyId, key, fingerprint, now]);
  let claimed = (await claim()).length === 1;
  if (!claimed) {
    const row = await read();
    const answer = answerFromRecord(row, now, fingerprint);
    if (answer) return answer;
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
    if (!claimed) throw inProgress();
  }
  try {
    return await orm.em.fork().transactional(async (tx) => {
      const result = await handler(tx);
      const stored = await queryPrepared(
        orm,
        STORE,
        [apiKeyId, key, now, result.status, JSON.stringify(result.body)],
        tx,
      );
      if (stored.length === 0) throw new ClaimLost();
      return result;
    });
  } catch (error) {
    // The transaction was rolled back (the change with it): give the key back, but only this
    // request's claim, and only while it is in progress. If that claim is gone, a later request took
    // the key over, or the commit did happen (only its answer failed) and stored the response: answer
    // as the record says now.
    let released: boolean;
    try {
      released = (await queryPrepared(orm, RELEASE, [apiKeyId, key, now])).length === 1;
    } catch {
      throw error; // The claim stays and is abandoned after a minute.
    }
    if (released) throw error;
    const answer = answerFromRecord(await read(), gateway.clock.now(), fingerprint);
    if (answer) return answer;
    throw error instanceof ClaimLost ? inProgress() : error;
  }
}
