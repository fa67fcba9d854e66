import type { Mode } from '@cairn/contract';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** The webhook endpoint of one API key (docs/webhooks.md: at most one per key). */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: p.uuid().primary(),
    apiKeyId: p.uuid(),
    businessId: p.uuid(),
    mode: p.string().$type<Mode>(),
    url: p.text(),
    /** Subscribed event names. */
    events: p.array(),
    /** Destination IP addresses or CIDR ranges; empty means any vetted public address. */
    allowedIps: p.array(),
    /** The current secret, sealed with the master key (never stored in clear). */
    secretSealed: p.text(),
    /** The secret before the last rotation, signing alongside until `previousSecretExpiresAt`. */
    previousSecretSealed: p.text().nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    secretRotatedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type IWebhookEndpoint = InferEntity<typeof WebhookEndpoint>;
