import type { Gateway } from '../gateway/Gateway.js';
import { revokeApiKey } from './revokeApiKey.js';

/** A key revoked by its id. */
export interface RevokedApiKey {
  readonly id: string;
  readonly label: string;
}

/**
 * Revokes any key by its id, as the operator does (`cairn keys:revoke`), in a unit of work of its
 * own: every later call with it is 401. Returns undefined for an unknown id.
 */
export async function revokeApiKeyById(
  gateway: Pick<Gateway, 'orm' | 'clock'>,
  id: string,
): Promise<RevokedApiKey | undefined> {
  const revoked = await revokeApiKey(gateway.orm.em.fork(), gateway.clock, id);
  return revoked ? { id: revoked.id, label: revoked.label } : undefined;
}
