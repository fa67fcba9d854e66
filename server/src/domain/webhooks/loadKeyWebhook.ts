import { WebhookEndpoint } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { type DeliveryLogEntry, listDeliveries } from './listDeliveries.js';

/** An API key's webhook endpoint as its page shows it (never a secret). */
export interface WebhookEndpointSummary {
  readonly url: string;
  /** Subscribed event names. */
  readonly events: readonly string[];
  /** The destination allowlist (IP addresses or CIDR ranges); empty: any public address. */
  readonly allowedIps: readonly string[];
  /** Until when the secret before the last rotation still signs, if it was rotated. */
  readonly previousSecretExpiresAt: Date | null;
}

/** An API key's webhook: its endpoint (null: none set) and its latest deliveries. */
export interface KeyWebhook {
  readonly endpoint: WebhookEndpointSummary | null;
  /** The newest five deliveries, newest first (none without an endpoint). */
  readonly recentDeliveries: readonly DeliveryLogEntry[];
}

/** How many deliveries a key's page lists (the inspector has them all). */
const RECENT = 5;

/** An API key's webhook endpoint and its newest deliveries. */
export async function loadKeyWebhook(gateway: Gateway, apiKeyId: string): Promise<KeyWebhook> {
  const em = gateway.orm.em.fork();
  const endpoint = await em.findOne(WebhookEndpoint, { apiKeyId });
  if (!endpoint) return { endpoint: null, recentDeliveries: [] };
  return {
    endpoint: {
      url: endpoint.url,
      events: [...endpoint.events],
      allowedIps: [...endpoint.allowedIps],
      previousSecretExpiresAt: endpoint.previousSecretExpiresAt ?? null,
    },
    recentDeliveries: await listDeliveries(em, { apiKeyId, limit: RECENT }),
  };
}
