import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyStatus, IApiKey } from '../../platform/db/entities/index.js';
import { type PreparedStatement, queryPrepared } from '../../platform/db/queryPrepared.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { AuthContext } from './AuthContext.js';
import { readBearerKey, unauthorized } from './bearerKey.js';
import { createIpAllowlist } from './ipAllowlist.js';
import type { KeyCache } from './KeyCache.js';

interface ApiKeyRow {
  id: string;
  business_id: string;
  mode: IApiKey['mode'];
  label: string;
  key_hash: string;
  key_hint: string;
  allowed_tokens: string[];
  allowed_ips: string[];
  status: ApiKeyStatus;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
  utol: number;
  othr: number;
  wallet_chains: string[];
}

/**
 * Every request runs it: a named statement, parsed once per connection (no ORM query building). It
 * also reads the business's settings and wallet chains of the key's mode (two index lookups), so that
 * creating a payment needs no second read before its insert. A wallet's chain counts once its setup is
 * active and it is usable at `$2` (the gateway clock's now: confirmed by its owner, and the operator's
 * delay over).
 */
const KEY_AND_BUSINESS = `select k.id, k.business_id, k.mode, k.label, k.key_hash, k.key_hint, k.allowed_tokens,
    k.allowed_ips, k.status, k.created_at, k.revoked_at, k.last_used_at,
    b.underpayment_tolerance_bps as utol, b.overpayment_threshold_bps as othr,
    array(select w.chain_id from wallets w where w.business_id = k.business_id and w.mode = k.mode and w.removed_at is null and coalesce(w.onboarding_status, 'active') = 'active'
      and w.usable_from <= $2::timestamptz order by w.chain_id) as wallet_chains
  from api_keys k join businesses b on b.id = k.business_id`;

const KEY_BY_HASH: PreparedStatement = {
  name: 'cairn_auth_key_by_hash',
  text: `${KEY_AND_BUSINESS} where k.key_hash = $1`,
};

const KEY_BY_ID: PreparedStatement = {
  name: 'cairn_auth_key_by_id',
  text: `${KEY_AND_BUSINESS} where k.id = $1`,
};

const toAuthContext = (row: ApiKeyRow): AuthContext => {
  const apiKey: IApiKey = Object.freeze({
    id: row.id,
    businessId: row.business_id,
    mode: row.mode,
    label: row.label,
    keyHash: row.key_hash,
    keyHint: row.key_hint,
    allowedTokens: row.allowed_tokens,
    allowedIps: row.allowed_ips,
    status: row.status,
    createdAt: new Date(row.created_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  });
  return Object.freeze({
    apiKey,
    businessId: apiKey.businessId,
    mode: apiKey.mode,
    business: Object.freeze({
      underpaymentToleranceBps: row.utol,
      overpaymentThresholdBps: row.othr,
      walletChains: new Set(row.wallet_chains),
      walletChainIds: row.wallet_chains,
    }),
  });
};

/**
 * The context of an active key read by its id, as {@link authenticate} builds it (no IP check: for
 * work done on the key's behalf by a customer, such as a payment link's page); undefined when the key
 * is unknown, revoked or deactivated. Given `tx`, read in that transaction.
 */
export async function loadActiveKey(
  orm: MikroORM,
  apiKeyId: string,
  now: Date,
  tx?: EntityManager,
): Promise<AuthContext | undefined> {
  const [row] = await queryPrepared<ApiKeyRow>(orm, KEY_BY_ID, [apiKeyId, now.toISOString()], tx);
  return row?.status === 'active' ? toAuthContext(row) : undefined;
}

/** 403 unless the key's caller IP allowlist admits the request's address. */
export function checkCallerIp(auth: AuthContext, request: FastifyRequest): void {
  if (!createIpAllowlist(auth.apiKey.allowedIps)(request.ip)) {
    throw new ApiError('IP_NOT_ALLOWED', `Calls with this API key are not allowed from ${request.ip}.`);
  }
}

/**
 * Resolves `Authorization: Bearer <key>` to an active key (by SHA-256 hash), then applies the key's
 * caller IP allowlist. Missing, malformed, revoked, deactivated or unknown keys are all 401. The key
 * is read from the database on every call, so a revoke or deactivation takes effect at once; `cache`,
 * when given, remembers the answer for `authenticateFromCache` (and forgets a refused key). `now` (the
 * gateway clock's) decides which wallets are usable.
 */
export async function authenticate(
  orm: MikroORM,
  request: FastifyRequest,
  now: Date,
  cache?: KeyCache,
): Promise<AuthContext> {
  const { hash, mode } = readBearerKey(request);
  const [row] = await queryPrepared<ApiKeyRow>(orm, KEY_BY_HASH, [hash, now.toISOString()]);
  if (row?.status !== 'active' || row.mode !== mode) {
    cache?.delete(hash);
    throw unauthorized();
  }
  const auth = toAuthContext(row);
  cache?.set(hash, auth);
  checkCallerIp(auth, request);
  return auth;
}
