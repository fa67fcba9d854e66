import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import { ApiKey, type IApiKey } from '../db/entities/index.js';
import { ApiError } from '../errors/ApiError.js';
import { hashApiKey, modeOfApiKey } from './apiKeyFormat.js';
import { createIpAllowlist } from './ipAllowlist.js';

/** Who is calling: the key, its business and mode. Every query filters by these. */
export interface AuthContext {
  readonly apiKey: IApiKey;
  readonly businessId: string;
  readonly mode: IApiKey['mode'];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

const unauthorized = () =>
  new ApiError(
    'UNAUTHORIZED',
    'Missing, malformed, revoked or wrong API key. Send Authorization: Bearer pk_…',
  );

/**
 * Resolves `Authorization: Bearer <key>` to an active key (by SHA-256 hash), then applies the key's
 * caller IP allowlist. Missing, malformed, revoked, deactivated or unknown keys are all 401.
 */
export async function authenticate(orm: MikroORM, request: FastifyRequest): Promise<AuthContext> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([^\s]+)$/.exec(header.trim()) : null;
  const key = match?.[1];
  if (!key || !modeOfApiKey(key)) throw unauthorized();
  const apiKey = await orm.em.fork().findOne(ApiKey, { keyHash: hashApiKey(key) });
  if (apiKey?.status !== 'active' || apiKey.mode !== modeOfApiKey(key)) throw unauthorized();
  if (!createIpAllowlist(apiKey.allowedIps)(request.ip)) {
    throw new ApiError('IP_NOT_ALLOWED', `Calls with this API key are not allowed from ${request.ip}.`);
  }
  return { apiKey, businessId: apiKey.businessId, mode: apiKey.mode };
}
