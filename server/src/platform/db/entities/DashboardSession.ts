import type { Mode } from '@cairn/contract';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
export const DashboardSession = defineEntity({
  name: 'DashboardSession',
  tableName: 'dashboard_sessions',
  properties: {
    id: p.uuid().primary(),
    tokenHash: p.string(),
    userId: p.uuid(),
    /** The business the pages show; null until the login has one. */
    businessId: p.uuid().nullable(),
    /** The mode toggle: everything on a page belongs to this mode. */
    mode: p.string().$type<Mode>(),
    createdAt: p.datetime(),
    lastSeenAt: p.datetime(),
    expiresAt: p.datetime(),
    ip: p.string().nullable(),
    userAgent: p.string().nullable(),
    /** When the person last proved who they are: sign-in, or a step-up before a sensitive change. */
    authenticatedAt: p.datetime(),
    /** Wrong step-up answers since the last right one (five end the session). */
    stepUpFailures: p.integer(),
  },
});
export type IDashboardSession = InferEntity<typeof DashboardSession>;
