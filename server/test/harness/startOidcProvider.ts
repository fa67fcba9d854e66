import type { Server } from 'node:http';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { freePort } from './freePort.js';

/** A client registered with the test provider. */
export interface TestOidcClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
}

/** A real OpenID Connect provider (the `oidc-provider` package) on a loopback port. */
export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>` */
  readonly issuer: string;
  stop(): Promise<void>;
}

/**
 * Starts `oidc-provider` with its development login form (any login name signs in as that account,
 * any password: fields `login` and `password`, button "Sign-in"), PKCE required and consent granted
 * automatically for `openid email` (a first-party client). Account `X` has the address
 * `X@example.test`, verified, unless `accounts` says otherwise.
 */
export async function startOidcProvider(options: {
  clients: readonly TestOidcClient[];
  accounts?: Readonly<Record<string, { email?: string; emailVerified: boolean }>>;
}): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [...c.redirectUris],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['cairn-test-oidc-provider-cookie-key'] },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const account = options.accounts?.[id] ?? { email: `${id}@example.test`, emailVerified: true };
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          ...(account.email ? { email: account.email, email_verified: account.emailVerified } : {}),
        }),
      };
    },
    // First-party client: the grant of `openid email` is given without a consent page.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email');
      grant.addOIDCClaims(['email', 'email_verified']);
      await grant.save();
      return grant;
    },
  });
  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(port, '127.0.0.1', () => resolve(listening));
  });
  return {
    issuer,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
