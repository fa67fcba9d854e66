import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../platform/config/readOidcProviders.js';

/** Why a third-party sign-in failed. */
export type OidcSignInErrorCode = 'unknown_provider' | 'provider_unavailable' | 'rejected';

/** A third-party sign-in refused; the message is for the person (never a token or a code). */
export class OidcSignInError extends Error {
  override readonly name = 'OidcSignInError';
  constructor(
    readonly code: OidcSignInErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** What the start of a sign-in keeps for its callback. */
export interface OidcLoginStart {
  readonly url: string;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/** The person, as the provider's ID token (or userinfo) says. */
export interface OidcClaims {
  readonly issuer: string;
  readonly subject: string;
  readonly email: string | undefined;
  readonly emailVerified: boolean;
}

/**
 * The configured OpenID Connect providers, through openid-client: discovery (cached per provider once
 * it succeeds), the authorization code flow with PKCE (S256), state and nonce.
 */
export class OidcClients {
  readonly #configs = new Map<string, Promise<client.Configuration>>();
  constructor(
    private readonly providers: readonly OidcProviderConfig[],
    private readonly options: { allowInsecureHttp?: boolean } = {},
  ) {}

  list(): readonly OidcProviderConfig[] {
    return this.providers;
  }

  #provider(name: string): OidcProviderConfig {
    const provider = this.providers.find((p) => p.name === name);
    if (!provider)
      throw new OidcSignInError('unknown_provider', 'This sign-in provider is not configured here.');
    return provider;
  }

  async #config(provider: OidcProviderConfig): Promise<client.Configuration> {
    let config = this.#configs.get(provider.name);
    if (!config) {
      const issuer = new URL(provider.issuer);
      const insecure = issuer.protocol === 'http:';
      if (insecure && !this.options.allowInsecureHttp) {
        throw new OidcSignInError('provider_unavailable', `${provider.label} sign-in needs an https issuer.`);
      }
      config = client.discovery(
        issuer,
        provider.clientId,
        provider.clientSecret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      this.#configs.set(provider.name, config);
      config.catch(() => this.#configs.delete(provider.name));
    }
    try {
      return await config;
    } catch {
      throw new OidcSignInError(
        'provider_unavailable',
        `${provider.label} cannot be reached right now. Try again in a moment.`,
      );
    }
  }

  /** The provider's authorization URL for a new sign-in, and the secrets its callback needs. */
  async begin(name: string, redirectUri: string): Promise<OidcLoginStart> {
    const provider = this.#provider(name);
    const config = await this.#config(provider);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /** Exchanges the callback's code (checking state, nonce and PKCE) for the person's claims. */
  async complete(
    name: string,
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcClaims> {
    const provider = this.#provider(name);
    const config = await this.#config(provider);
    if (callbackUrl.searchParams.get('error')) {
      throw new OidcSignInError(
        'rejected',
        `${provider.label} did not sign you in (${callbackUrl.searchParams.get('error')}).`,
      );
    }
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new OidcSignInError(
        'rejected',
        `${provider.label} sign-in could not be completed (${reason.slice(0, 200)}). Start again.`,
      );
    }
    const claims = tokens.claims();
    if (!claims) throw new OidcSignInError('rejected', `${provider.label} returned no ID token.`);
    let email = typeof claims.email === 'string' ? claims.email : undefined;
    let emailVerified = claims.email_verified === true;
    if (email === undefined) {
      try {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : undefined;
        emailVerified = info.email_verified === true;
      } catch {
        // No userinfo: the sign-in goes on without an address (refused for a new identity).
      }
    }
    return { issuer: claims.iss, subject: claims.sub, email, emailVerified };
  }
}
