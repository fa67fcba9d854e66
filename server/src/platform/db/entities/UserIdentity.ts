import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** A third-party (OpenID Connect) sign-in linked to a login: the issuer's subject identifies it. */
export const UserIdentity = defineEntity({
  name: 'UserIdentity',
  tableName: 'user_identities',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    /** The operator's name for the provider (`CAIRN_OIDC_<NAME>_*`), lower case. */
    provider: p.string(),
    issuer: p.string(),
    subject: p.string(),
    email: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
export type IUserIdentity = InferEntity<typeof UserIdentity>;
