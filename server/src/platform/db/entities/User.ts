import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    email: p.string(),
    passwordHash: p.string().nullable(),
    emailVerifiedAt: p.datetime().nullable(),
    /** Set when the owner locked the login from a security alert: no sign-in until a password reset. */
    lockedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type IUser = InferEntity<typeof User>;
