import type { Mode } from '@cairn/contract';
import type { Gateway } from '../gateway/Gateway.js';
import { createWebhookContext } from './createWebhookContext.js';
import { type SetWebhookEndpointInput, setWebhookEndpoint } from './setWebhookEndpoint.js';

/** An API key's webhook endpoint after it was created or updated. */
export interface SavedWebhookEndpoint {
  readonly endpoint_id: string;
  readonly api_key_id: string;
  readonly mode: Mode;
  readonly url: string;
  readonly events: readonly string[];
  readonly allowed_ips: readonly string[];
  /** Whether the endpoint is new (then `secret` is set). */
  readonly created: boolean;
  /** The new endpoint's `whsec_` secret: shown once. */
  readonly secret?: string;
  /** What the URL check noticed without refusing it (e.g. a private address allowed in test mode). */
  readonly warnings: readonly string[];
}

/**
 * Creates or updates the webhook endpoint of any API key, as the operator does (`cairn webhooks:set`):
 * the rules of {@link setWebhookEndpoint}, in a unit of work of its own. `warn` hears what the
 * configuration lacks (no CAIRN_MASTER_KEY, say).
 *
 * @throws {WebhookError} with a code naming what to fix.
 */
export async function saveWebhookEndpoint(
  gateway: Pick<Gateway, 'orm' | 'clock' | 'config'>,
  input: SetWebhookEndpointInput,
  options: { readonly warn?: (message: string) => void } = {},
): Promise<SavedWebhookEndpoint> {
  const context = createWebhookContext(gateway.orm.em.fork(), gateway.clock, gateway.config, options);
  const { endpoint, created, secret, warnings } = await setWebhookEndpoint(context, input);
  return {
    endpoint_id: endpoint.id,
    api_key_id: endpoint.apiKeyId,
    mode: endpoint.mode,
    url: endpoint.url,
    events: endpoint.events,
    allowed_ips: endpoint.allowedIps,
    created,
    ...(secret ? { secret } : {}),
    warnings,
  };
}
