import type { EntityManager } from '@mikro-orm/postgresql';
import { databaseUnavailableReason } from '../../platform/db/databaseUnavailableReason.js';
import { type PreparedStatement, queryPrepared } from '../../platform/db/queryPrepared.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { AuthContext } from './AuthContext.js';
import { type HandlerResult, withIdempotency } from './withIdempotency.js';

/** What a handler needs to claim an Idempotency-Key in the statement that makes its change. */
export interface InlineClaim {
  readonly key: string;
  /** The request's fingerprint (`requestFingerprint`), stored with the response. */
  readonly fingerprint: string;
}

/** A handler's statement found the Idempotency-Key already recorded, and so did nothing. */
export class IdempotencyKeyTaken extends Error {
  override readonly name = 'IdempotencyKeyTaken';
}

const RECORDED: PreparedStatement = {
  name: 'cairn_idempotency_recorded',
  text: 'select 1 from idempotency_keys where api_key_id = $1 and key = $2',
};

/**
 * {@link withIdempotency} for a POST whose handler can claim the key itself: `inline` makes its change
 * and records the key with its response in ONE statement, or throws {@link IdempotencyKeyTaken} having
 * done nothing when the key is already recorded. The common case (a new key) thus costs no statement
 * of its own. When the key turns out to be recorded (taken, or `inline` refused and a record exists),
 * the request is answered exactly as `withIdempotency` answers it when it claims first: replay, 409
 * IDEMPOTENCY_KEY_REUSED / IDEMPOTENCY_REQUEST_IN_PROGRESS, or take the key over and run `fallback`
 * (with the key read from the database again if `auth` was provisional) in the transaction that
 * stores its response (`tx`, see withIdempotency). A refusal with no record is the answer as is:
 * nothing was stored, as for any failed request.
 */
export async function withInlineIdempotency(
  gateway: Gateway,
  auth: AuthContext,
  key: string,
  fingerprint: string,
  inline: (claim: InlineClaim) => Promise<HandlerResult>,
  fallback: (auth: AuthContext, tx?: EntityManager) => Promise<HandlerResult>,
): Promise<HandlerResult & { replayed?: boolean }> {
  try {
    return await inline({ key, fingerprint });
  } catch (error) {
    if (!(error instanceof IdempotencyKeyTaken)) {
      // Unreachable database: no record can be read either. The 503 is retried with the same key,
      // which then finds the record if the insert did commit.
      if (databaseUnavailableReason(error) !== undefined) throw error;
      const recorded = await queryPrepared(gateway.orm, RECORDED, [auth.apiKey.id, key]);
      if (recorded.length === 0) throw error;
    }
  }
  const caller = auth.provisional && auth.recheck ? await auth.recheck() : auth;
  return withIdempotency(gateway, caller, key, fingerprint, (tx) => fallback(caller, tx));
}
