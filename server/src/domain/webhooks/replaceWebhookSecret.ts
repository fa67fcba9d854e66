import type { Gateway } from '../gateway/Gateway.js';
import { createWebhookContext } from './createWebhookContext.js';
import { rotateWebhookSecret } from './rotateWebhookSecret.js';

/** An endpoint's new secret and how long the previous one keeps signing. */
export interface ReplacedWebhookSecret {
  readonly api_key_id: string;
  /** The new `whsec_` secret: shown once. */
  readonly secret: string;
  /** ISO 8601: the previous secret signs alongside until then. */
  readonly previous_secret_valid_until: string;
}

/**
 * Gives any API key's endpoint a new secret, as the operator does (`cairn webhooks:rotate-secret`):
 * {@link rotateWebhookSecret} in a unit of work of its own.
 *
 * @throws {WebhookError} WEBHOOK_ENDPOINT_NOT_FOUND when the key has no endpoint.
 */
export async function replaceWebhookSecret(
  gateway: Pick<Gateway, 'orm' | 'clock' | 'config'>,
  apiKeyId: string,
  options: { readonly warn?: (message: string) => void } = {},
): Promise<ReplacedWebhookSecret> {
  const context = createWebhookContext(gateway.orm.em.fork(), gateway.clock, gateway.config, options);
  const { secret, previousValidUntil } = await rotateWebhookSecret(context, apiKeyId);
  return {
    api_key_id: apiKeyId,
    secret,
    previous_secret_valid_until: previousValidUntil.toISOString(),
  };
}
