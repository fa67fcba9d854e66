import type { Mode } from '@cairn/contract';
import { ApiKey } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { ApiKeyDetail } from './ApiKeySummary.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One of a business's keys in one mode, or undefined (no such id, another business's, the other mode). */
export async function loadApiKeyDetail(
  gateway: Gateway,
  scope: { readonly businessId: string; readonly mode: Mode },
  id: string,
): Promise<ApiKeyDetail | undefined> {
  if (!UUID.test(id)) return undefined;
  const k = await gateway.orm.em
    .fork()
    .findOne(ApiKey, { id, businessId: scope.businessId, mode: scope.mode });
  return k
    ? {
        id: k.id,
        label: k.label,
        hint: k.keyHint,
        mode: k.mode,
        status: k.status,
        createdAt: k.createdAt,
        lastUsedAt: k.lastUsedAt ?? null,
        allowedTokens: [...k.allowedTokens],
        allowedIps: [...k.allowedIps],
      }
    : undefined;
}
