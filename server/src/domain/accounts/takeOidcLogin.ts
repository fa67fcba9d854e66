import { OidcLogin } from '../../platform/db/entities/index.js';
import type { AccountsContext } from './AccountsContext.js';
import type { OidcLoginSecrets } from './saveOidcLogin.js';

const LOGIN_ID = /^[0-9a-f-]{36}$/;

/**
 * The secrets of a third-party sign-in for its callback, once: the flow is deleted as it is read, so
 * a callback replayed finds nothing. Undefined for an id that is no flow of this provider, or one
 * that has expired.
 */
export async function takeOidcLogin(
  accounts: AccountsContext,
  loginId: string,
  provider: string,
): Promise<OidcLoginSecrets | undefined> {
  const em = accounts.orm.em.fork();
  const login = LOGIN_ID.test(loginId) ? await em.findOne(OidcLogin, { id: loginId, provider }) : null;
  if (login) await em.nativeDelete(OidcLogin, { id: login.id });
  if (!login || login.expiresAt <= accounts.clock.now()) return undefined;
  return { state: login.state, nonce: login.nonce, codeVerifier: login.codeVerifier };
}
