import type { Mode } from '@cairn/contract';
import { ApiKey } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { ApiKeyChoice, ApiKeyStatus } from './ApiKeySummary.js';

/**
 * A business's keys in one mode as a form or a filter offers them (label and hint), newest first;
 * only those of one status when asked (the active ones a payment link or an invoice may be made for).
 */
export async function listKeyChoices(
  gateway: Gateway,
  scope: { readonly businessId: string; readonly mode: Mode; readonly status?: ApiKeyStatus },
): Promise<ApiKeyChoice[]> {
  const keys = await gateway.orm.em.fork().find(
    ApiKey,
    {
      businessId: scope.businessId,
      mode: scope.mode,
      ...(scope.status ? { status: scope.status } : {}),
    },
    { orderBy: { createdAt: 'desc' }, fields: ['id', 'label', 'keyHint'] },
  );
  return keys.map((k) => ({ id: k.id, label: k.label, hint: k.keyHint }));
}
