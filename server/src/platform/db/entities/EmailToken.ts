import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'lock_account';

/** A one-use link sent by mail (verification, password reset, or locking the login from a security alert); only its SHA-256 is stored. */
export const EmailToken = defineEntity({
  name: 'EmailToken',
  tableName: 'email_tokens',
  properties: {
    id: p.uuid().primary(),
    /** Null for the used-at-birth row written for an address without a login (never mailed). */
    userId: p.uuid().nullable(),
    purpose: p.string().$type<EmailTokenPurpose>(),
    tokenHash: p.string(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    /** A confirmation link's password, chosen at sign-up: the login's once the link is used. */
    passwordHash: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
export type IEmailToken = InferEntity<typeof EmailToken>;
