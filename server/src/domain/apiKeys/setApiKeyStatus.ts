import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKey, type IApiKey } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';
import { KeyCreationError } from './createApiKey.js';

/** What a merchant can do to a key: pause it, resume it, or end it for good. */
export type KeyStatusAction = 'deactivate' | 'reactivate' | 'revoke';

/**
 * Deactivates, reactivates or revokes one of a business's keys. Every call authenticates against the
 * database, so the next call with a deactivated or revoked key is 401. A revoked key stays revoked.
 *
 * @throws {KeyCreationError} when the key is not the business's, or is revoked (for reactivate).
 */
export async function setApiKeyStatus(
  em: EntityManager,
  clock: Clock,
  input: { businessId: string; keyId: string; action: KeyStatusAction },
): Promise<IApiKey> {
  const key = await em.findOne(ApiKey, { id: input.keyId, businessId: input.businessId });
  if (!key) throw new KeyCreationError('No such API key.');
  if (key.status === 'revoked') {
    if (input.action === 'revoke') return key;
    throw new KeyCreationError('This key is revoked: it can never be used again. Create a new key.');
  }
  if (input.action === 'revoke') {
    key.status = 'revoked';
    key.revokedAt = clock.now();
  } else {
    key.status = input.action === 'deactivate' ? 'deactivated' : 'active';
  }
  await em.flush();
  return key;
}
