import type { AuthContext } from '../../../domain/apiKeys/AuthContext.js';
import { loadActiveKey } from '../../../domain/apiKeys/authenticate.js';
import type { Gateway } from '../../../domain/gateway/Gateway.js';
import { ApiKey } from '../../../platform/db/entities/index.js';
import type { LinkKeyChoice } from '../render/paymentLinkPages.js';
import type { BusinessViewer } from '../render/Viewer.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The keys a payment link or an invoice may be created for: the active keys of the viewer's business
 * and mode, newest first (their payments and webhooks are that key's).
 */
export async function activeKeyChoices(gateway: Gateway, viewer: BusinessViewer): Promise<LinkKeyChoice[]> {
  const keys = await gateway.orm.em
    .fork()
    .find(
      ApiKey,
      { businessId: viewer.business.id, mode: viewer.mode, status: 'active' },
      { orderBy: { createdAt: 'desc' } },
    );
  return keys.map((k) => ({ id: k.id, label: k.label, hint: k.keyHint }));
}

/**
 * The key a form chose, read again: an active key of the viewer's business and mode, else undefined
 * (a forged id, another business's key, or one revoked since the form was shown).
 */
export async function chosenKey(
  gateway: Gateway,
  viewer: BusinessViewer,
  id: string | undefined,
): Promise<AuthContext | undefined> {
  const auth = UUID.test(id ?? '') ? await loadActiveKey(gateway.orm, id!) : undefined;
  return auth && auth.businessId === viewer.business.id && auth.mode === viewer.mode ? auth : undefined;
}
