import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './AuthContext.js';
import { checkCallerIp } from './authenticate.js';
import { readBearerKey } from './bearerKey.js';
import type { KeyCache } from './KeyCache.js';

/**
 * A provisional AuthContext for a request whose key the database accepted before (in this process),
 * without reading the key now: create-payment then re-checks the key in the very statement that
 * inserts the payment (status, mode, allowlists, business settings and wallets exactly as cached), so
 * a revoked or changed key never creates anything, and every refusal re-reads the key first (`recheck`)
 * so it answers what `authenticate` would (401/403). Undefined when the key is not cached; a malformed
 * key is 401 here already; a cached allowlist that refuses the caller is re-read before refusing.
 */
export async function authenticateFromCache(
  request: FastifyRequest,
  cache: KeyCache,
  recheck: () => Promise<AuthContext>,
): Promise<AuthContext | undefined> {
  const { hash } = readBearerKey(request);
  const cached = cache.get(hash);
  if (!cached) return undefined;
  try {
    checkCallerIp(cached, request);
  } catch {
    return recheck();
  }
  return { ...cached, provisional: true, recheck };
}
