import type { Mode } from '@cairn/contract';
import type { Gateway } from '../gateway/Gateway.js';
import type { ApiKeyChoice } from './ApiKeySummary.js';
import { loadActiveKey } from './authenticate.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key a form chose, read again: an active key of the business and mode, else undefined (a forged
 * id, another business's key, or one revoked or deactivated since the form was shown).
 */
export async function findActiveKeyChoice(
  gateway: Gateway,
  scope: { readonly businessId: string; readonly mode: Mode },
  id: string | undefined,
): Promise<ApiKeyChoice | undefined> {
  const auth =
    id !== undefined && UUID.test(id) ? await loadActiveKey(gateway.orm, id, gateway.clock.now()) : undefined;
  if (!auth || auth.businessId !== scope.businessId || auth.mode !== scope.mode) return undefined;
  return { id: auth.apiKey.id, label: auth.apiKey.label, hint: auth.apiKey.keyHint };
}
