import type { Mode } from '@cairn/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/runtime/ApiError.js';
import { hashApiKey, modeOfApiKey } from './apiKeyFormat.js';

/** The 401 of every missing, malformed, unknown, revoked or deactivated key. */
export const unauthorized = () =>
  new ApiError(
    'UNAUTHORIZED',
    'Missing, malformed, revoked or wrong API key. Send Authorization: Bearer pk_…',
  );

/** The bearer key of a request, as stored (hash) and the mode its prefix names. */
export interface BearerKey {
  /** Hex SHA-256 of the key: what `api_keys.key_hash` holds. */
  readonly hash: string;
  readonly mode: Mode;
}

/** Reads `Authorization: Bearer <key>`; a missing or malformed key is 401 (no database needed). */
export function readBearerKey(request: FastifyRequest): BearerKey {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([^\s]+)$/.exec(header.trim()) : null;
  const key = match?.[1];
  const mode = key === undefined ? undefined : modeOfApiKey(key);
  if (!key || !mode) throw unauthorized();
  return { hash: hashApiKey(key), mode };
}
