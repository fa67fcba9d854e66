import { ApiKey } from '../../platform/db/entities/index.js';
import { alertBusinessOwner } from '../businesses/alertBusinessOwner.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { createWebhookContext } from './createWebhookContext.js';
import { rotateWebhookSecret } from './rotateWebhookSecret.js';

/**
 * A person gives the endpoint of one of a business's keys a new signing secret
 * ({@link rotateWebhookSecret}: the old one signs alongside for 24 hours), audited and mailed to the
 * business's owner as a security alert, in one transaction. Returns the new secret, shown once, and until when the old one works.
 *
 * @throws {WebhookError} WEBHOOK_ENDPOINT_NOT_FOUND when the key has no endpoint.
 */
export async function rotateWebhookSecretAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly businessId: string; readonly apiKeyId: string },
  warn: (message: string) => void,
): Promise<{ readonly secret: string; readonly previousValidUntil: Date }> {
  const context = createWebhookContext(gateway.orm.em.fork(), gateway.clock, gateway.config, { warn });
  return context.em.transactional(async (em) => {
    const rotated = await rotateWebhookSecret({ ...context, em }, input.apiKeyId);
    const key = await em.findOneOrFail(ApiKey, { id: input.apiKeyId });
    await recordAudit(em, gateway.clock, actor, {
      businessId: input.businessId,
      action: 'webhook.secret_rotated',
      target: key.keyHint,
      details: { previous_valid_until: rotated.previousValidUntil.toISOString() },
    });
    await alertBusinessOwner(em, gateway, actor, input.businessId, {
      kind: 'webhook_secret_rotated',
      key: key.keyHint,
    });
    return rotated;
  });
}
