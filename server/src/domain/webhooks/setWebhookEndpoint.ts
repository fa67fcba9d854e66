import { randomUUID } from 'node:crypto';
import { ApiKey, type IWebhookEndpoint, WebhookEndpoint } from '../../platform/db/entities/index.js';
import { isValidIpEntry } from '../apiKeys/ipAllowlist.js';
import { blockedRange } from './blockedRange.js';
import { generateWebhookSecret } from './generateWebhookSecret.js';
import { validateWebhookUrl } from './validateWebhookUrl.js';
import { WebhookError } from './WebhookError.js';
import type { WebhookContext } from './webhookContext.js';
import { DEFAULT_SUBSCRIBED_EVENTS } from './webhookEventNames.js';

export interface SetWebhookEndpointInput {
  readonly apiKeyId: string;
  readonly url: string;
  /** Subscribed events; default payment events on a new endpoint, unchanged on an existing one. */
  readonly events?: readonly string[];
  /** Destination allowlist (IPs or CIDRs); unchanged on an existing endpoint when omitted. */
  readonly allowedIps?: readonly string[];
}

export interface SetWebhookEndpointResult {
  readonly endpoint: IWebhookEndpoint;
  /** The new secret: only when the endpoint was created (shown once; rotate to get a new one). */
  readonly secret?: string;
  readonly created: boolean;
  readonly warnings: readonly string[];
}

/**
 * Creates or updates the webhook endpoint of an API key (docs/webhooks.md: one per key). Validates the URL
 * (https in live mode, never a private address), the events and the destination allowlist. A new
 * endpoint gets a `whsec_` secret, returned once and stored sealed with the master key. Live-mode
 * endpoints need an operator-configured master key.
 *
 * @throws {WebhookError} with a code naming what to fix.
 */
export async function setWebhookEndpoint(
  context: WebhookContext,
  input: SetWebhookEndpointInput,
): Promise<SetWebhookEndpointResult> {
  const { em, clock } = context;
  const key = await em.findOne(ApiKey, { id: input.apiKeyId });
  if (key?.status !== 'active')
    throw new WebhookError('API_KEY_NOT_FOUND', `No active API key ${input.apiKeyId}.`);
  if (key.mode === 'live' && !context.masterKeyConfigured)
    throw new WebhookError(
      'MASTER_KEY_REQUIRED',
      'Live-mode webhook endpoints need CAIRN_MASTER_KEY (32 bytes, hex or base64) to seal their secret.',
    );
  const checked = await validateWebhookUrl(input.url, {
    mode: key.mode,
    allowPrivateFlag: context.allowPrivateFlag,
    resolver: context.resolver,
  });
  const allowPrivate = context.allowPrivateFlag && key.mode === 'test';
  for (const entry of input.allowedIps ?? []) {
    if (!isValidIpEntry(entry))
      throw new WebhookError('INVALID_DESTINATION_ALLOWLIST', `Not an IP address or CIDR range: ${entry}.`);
    const blocked = blockedRange(entry.split('/')[0]!);
    if (blocked && !(allowPrivate && blocked.openedByDevFlag))
      throw new WebhookError(
        'INVALID_DESTINATION_ALLOWLIST',
        `${entry} is a ${blocked.range} address; the destination allowlist holds public addresses only.`,
      );
  }
  if (input.events && input.events.length === 0)
    throw new WebhookError('INVALID_WEBHOOK_EVENTS', 'Subscribe to at least one event.');

  const now = clock.now();
  const existing = await em.findOne(WebhookEndpoint, { apiKeyId: key.id });
  if (existing) {
    existing.url = checked.url;
    if (input.events) existing.events = [...input.events];
    if (input.allowedIps) existing.allowedIps = [...input.allowedIps];
    existing.updatedAt = now;
    await em.flush();
    return { endpoint: existing, created: false, warnings: checked.warnings };
  }
  const secret = generateWebhookSecret();
  const endpoint = em.create(WebhookEndpoint, {
    id: randomUUID(),
    apiKeyId: key.id,
    businessId: key.businessId,
    mode: key.mode,
    url: checked.url,
    events: [...(input.events ?? DEFAULT_SUBSCRIBED_EVENTS)],
    allowedIps: [...(input.allowedIps ?? [])],
    secretSealed: context.cipher.seal(secret),
    previousSecretSealed: null,
    previousSecretExpiresAt: null,
    secretRotatedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return { endpoint, secret, created: true, warnings: checked.warnings };
}
