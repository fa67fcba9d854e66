import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** A business's roles (docs/roles.md). */
export type MemberRole = 'owner' | 'admin' | 'developer' | 'support' | 'viewer';

/** A login's membership of a business, with its role: who may act in the business, and how. */
export const BusinessMember = defineEntity({
  name: 'BusinessMember',
  tableName: 'business_members',
  properties: {
    businessId: p.uuid().primary(),
    userId: p.uuid().primary(),
    role: p.string().$type<MemberRole>(),
    createdAt: p.datetime(),
  },
});
export type IBusinessMember = InferEntity<typeof BusinessMember>;
