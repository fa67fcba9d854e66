import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import type { MemberRole } from './BusinessMember.js';

/**
 * An emailed invitation to join a business with a role (never owner), valid 7 days, single use and
 * revocable (docs/roles.md#invitations). Only the SHA-256 of its link's token is stored.
 */
export const BusinessInvitation = defineEntity({
  name: 'BusinessInvitation',
  tableName: 'business_invitations',
  properties: {
    id: p.uuid().primary(),
    businessId: p.uuid(),
    /** The invited address, normalised as a login's (compared without case). */
    email: p.string(),
    role: p.string().$type<Exclude<MemberRole, 'owner'>>(),
    tokenHash: p.string(),
    /** The login that invited (the owner at the time). */
    invitedBy: p.uuid(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    acceptedBy: p.uuid().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});
export type IBusinessInvitation = InferEntity<typeof BusinessInvitation>;
