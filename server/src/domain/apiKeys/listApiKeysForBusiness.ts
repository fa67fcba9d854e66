import type { Mode } from '@cairn/contract';
import { ApiKey, WebhookEndpoint } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { ApiKeySummary } from './ApiKeySummary.js';

/**
 * A business's keys in one mode, newest first, each with whether it has a webhook endpoint: two
 * indexed reads side by side, whatever the number of keys.
 */
export async function listApiKeysForBusiness(
  gateway: Gateway,
  scope: { readonly businessId: string; readonly mode: Mode },
): Promise<ApiKeySummary[]> {
  const em = gateway.orm.em.fork();
  const where = { businessId: scope.businessId, mode: scope.mode };
  const [keys, endpoints] = await Promise.all([
    em.find(ApiKey, where, { orderBy: { createdAt: 'desc' } }),
    em.fork().find(WebhookEndpoint, where, { fields: ['apiKeyId'] }),
  ]);
  const withEndpoint = new Set(endpoints.map((e) => e.apiKeyId));
  return keys.map((k) => ({
    id: k.id,
    label: k.label,
    hint: k.keyHint,
    mode: k.mode,
    status: k.status,
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt ?? null,
    hasWebhookEndpoint: withEndpoint.has(k.id),
  }));
}
