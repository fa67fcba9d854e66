import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** One change a person made to a business (keys, wallets, webhook endpoints, settings). */
export const AuditEvent = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_events',
  properties: {
    id: p.uuid().primary(),
    businessId: p.uuid(),
    actorUserId: p.uuid().nullable(),
    /** Who, as shown: the login's email, or `operator CLI`. */
    actor: p.string(),
    /** e.g. `api_key.created`, `wallet.removed`. */
    action: p.string(),
    /** What was changed, as shown (a key's hint, a wallet's chain). */
    target: p.string().nullable(),
    details: p.json<Record<string, unknown>>(),
    ip: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
export type IAuditEvent = InferEntity<typeof AuditEvent>;
