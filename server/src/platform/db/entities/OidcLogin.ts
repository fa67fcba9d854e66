import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** An OpenID Connect sign-in in progress: what the callback checks (state, nonce, PKCE verifier). */
export const OidcLogin = defineEntity({
  name: 'OidcLogin',
  tableName: 'oidc_logins',
  properties: {
    id: p.uuid().primary(),
    provider: p.string(),
    state: p.string(),
    nonce: p.string(),
    codeVerifier: p.string(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
  },
});
export type IOidcLogin = InferEntity<typeof OidcLogin>;
