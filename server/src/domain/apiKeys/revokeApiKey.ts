import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKey, type IApiKey } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';

/** Revokes a key: every later call with it is 401 at once. Returns undefined for an unknown id. */
export async function revokeApiKey(
  em: EntityManager,
  clock: Clock,
  id: string,
): Promise<IApiKey | undefined> {
  const apiKey = await em.findOne(ApiKey, { id });
  if (!apiKey) return undefined;
  if (apiKey.status !== 'revoked') {
    apiKey.status = 'revoked';
    apiKey.revokedAt = clock.now();
    await em.flush();
  }
  return apiKey;
}
