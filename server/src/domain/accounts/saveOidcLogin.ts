import { randomUUID } from 'node:crypto';
import { OidcLogin } from '../../platform/db/entities/index.js';
import type { AccountsContext } from './AccountsContext.js';

/** The secrets of an OpenID Connect sign-in in progress, checked by its callback. */
export interface OidcLoginSecrets {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/**
 * Keeps a third-party sign-in's secrets (state, nonce, PKCE verifier) in the database until its
 * callback, for `ttlMs`; returns the flow's id, the only thing the browser holds (in a cookie).
 */
export async function saveOidcLogin(
  accounts: AccountsContext,
  input: OidcLoginSecrets & { readonly provider: string; readonly ttlMs: number },
): Promise<string> {
  const now = accounts.clock.now();
  const em = accounts.orm.em.fork();
  const login = em.create(OidcLogin, {
    id: randomUUID(),
    provider: input.provider,
    state: input.state,
    nonce: input.nonce,
    codeVerifier: input.codeVerifier,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.ttlMs),
  });
  await em.flush();
  return login.id;
}
