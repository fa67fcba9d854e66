import { ApiKey, WebhookEndpoint } from '../../platform/db/entities/index.js';
import { alertBusinessOwner } from '../businesses/alertBusinessOwner.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { createWebhookContext } from './createWebhookContext.js';
import { setWebhookEndpoint } from './setWebhookEndpoint.js';

/** What saving an endpoint came to: the new secret (a new endpoint only, shown once) and warnings. */
export interface SavedWebhookEndpoint {
  readonly secret?: string;
  readonly warnings: readonly string[];
}

/**
 * A person sets the webhook endpoint of one of a business's keys ({@link setWebhookEndpoint}),
 * audited as created or updated with the key's hint, the URL, events and allowlist, in one
 * transaction; a new URL (or a new endpoint) is mailed to the business's owner as a security alert.
 * `warn` hears that the master key is not configured.
 *
 * @throws {WebhookError} with a code naming what to fix.
 */
export async function setWebhookEndpointAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: {
    readonly businessId: string;
    readonly apiKeyId: string;
    readonly url: string;
    readonly events: readonly string[];
    readonly allowedIps: readonly string[];
  },
  warn: (message: string) => void,
): Promise<SavedWebhookEndpoint> {
  const context = createWebhookContext(gateway.orm.em.fork(), gateway.clock, gateway.config, { warn });
  return context.em.transactional(async (em) => {
    const { businessId, ...endpoint } = input;
    const before = await em.findOne(WebhookEndpoint, { apiKeyId: input.apiKeyId });
    const previousUrl = before?.url ?? null;
    const saved = await setWebhookEndpoint({ ...context, em }, endpoint);
    const key = await em.findOneOrFail(ApiKey, { id: input.apiKeyId });
    await recordAudit(em, gateway.clock, actor, {
      businessId,
      action: saved.created ? 'webhook.created' : 'webhook.updated',
      target: `${key.keyHint} → ${saved.endpoint.url}`,
      details: { events: input.events, allowed_ips: input.allowedIps },
    });
    if (saved.endpoint.url !== previousUrl) {
      await alertBusinessOwner(em, gateway, actor, businessId, {
        kind: 'webhook_url',
        key: key.keyHint,
        from: previousUrl,
        to: saved.endpoint.url,
      });
    }
    return { ...(saved.secret ? { secret: saved.secret } : {}), warnings: saved.warnings };
  });
}
