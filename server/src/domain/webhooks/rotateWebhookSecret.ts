import { WebhookEndpoint } from '../../platform/db/entities/index.js';
import { ROTATION_OVERLAP_MS } from './activeSecrets.js';
import { generateWebhookSecret } from './generateWebhookSecret.js';
import { WebhookError } from './WebhookError.js';
import type { WebhookContext } from './webhookContext.js';

/**
 * Gives an API key's endpoint a new secret (returned once). The old one keeps signing alongside for
 * 24 hours (two `v1=` values), then stops. Rotating again within the overlap retires the oldest secret
 * at once: at most two secrets sign.
 *
 * @throws {WebhookError} WEBHOOK_ENDPOINT_NOT_FOUND when the key has no endpoint.
 */
export async function rotateWebhookSecret(
  context: WebhookContext,
  apiKeyId: string,
): Promise<{ secret: string; previousValidUntil: Date }> {
  const endpoint = await context.em.findOne(WebhookEndpoint, { apiKeyId });
  if (!endpoint)
    throw new WebhookError('WEBHOOK_ENDPOINT_NOT_FOUND', `API key ${apiKeyId} has no webhook endpoint.`);
  const now = context.clock.now();
  const secret = generateWebhookSecret();
  const previousValidUntil = new Date(now.getTime() + ROTATION_OVERLAP_MS);
  endpoint.previousSecretSealed = endpoint.secretSealed;
  endpoint.previousSecretExpiresAt = previousValidUntil;
  endpoint.secretSealed = context.cipher.seal(secret);
  endpoint.secretRotatedAt = now;
  endpoint.updatedAt = now;
  await context.em.flush();
  return { secret, previousValidUntil };
}
