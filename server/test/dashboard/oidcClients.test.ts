import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcClients, OidcSignInError } from '../../src/domain/accounts/OidcClients.js';
import { readOidcProviders } from '../../src/platform/config/readOidcProviders.js';
import { startOidcProvider, type TestOidcProvider } from '../harness/startOidcProvider.js';

const REDIRECT = 'http://127.0.0.1:9/dashboard/oidc/local/callback';
let provider: TestOidcProvider;
let clients: OidcClients;

beforeAll(async () => {
  provider = await startOidcProvider({
    clients: [{ clientId: 'cairn', clientSecret: 'secret-1', redirectUris: [REDIRECT] }],
  });
  clients = new OidcClients(
    [{ name: 'local', label: 'Local', issuer: provider.issuer, clientId: 'cairn', clientSecret: 'secret-1' }],
    { allowInsecureHttp: true },
  );
});
afterAll(() => provider?.stop());

/**
 * Signs in at the provider's development login form with plain HTTP (manual redirects, a cookie jar)
 * and returns the redirect back to the client, unfollowed: the callback URL with code and state.
 */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(REDIRECT)) return next;
      url = next.href;
      form = undefined;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`no form on ${url}: ${page.slice(0, 200)}`);
    url = new URL(action, url).href;
    form = new URLSearchParams({ prompt: 'login', login, password: 'any password' });
  }
  throw new Error('the provider never redirected back');
}

describe('OidcClients against a real OpenID Connect provider', () => {
  it('builds an authorization request with PKCE (S256), state, nonce and the email scope', async () => {
    const begun = await clients.begin('local', REDIRECT);
    const url = new URL(begun.url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBe(begun.state);
    expect(url.searchParams.get('nonce')).toBe(begun.nonce);
    expect(url.searchParams.get('scope')).toBe('openid email');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.href).not.toContain(begun.codeVerifier);
  });

  it('returns the subject and the verified address, once per code', async () => {
    const begun = await clients.begin('local', REDIRECT);
    const callback = await signInAtProvider(begun.url, 'ines');
    const claims = await clients.complete('local', callback, begun);
    expect(claims).toEqual({
      issuer: provider.issuer,
      subject: 'ines',
      email: 'ines@example.test',
      emailVerified: true,
    });
    await expect(clients.complete('local', callback, begun)).rejects.toMatchObject({ code: 'rejected' });
  });

  it('refuses a changed state, a wrong nonce and a wrong PKCE verifier', async () => {
    for (const change of ['state', 'nonce', 'codeVerifier'] as const) {
      const begun = await clients.begin('local', REDIRECT);
      const callback = await signInAtProvider(begun.url, 'ines');
      const expected = {
        ...begun,
        // The verifier's last character changed (to 'A', or 'B' when it already is 'A': 1 run in 16).
        [change]:
          change === 'codeVerifier'
            ? `${begun.codeVerifier.slice(0, -1)}${begun.codeVerifier.endsWith('A') ? 'B' : 'A'}`
            : 'something-else',
      };
      await expect(clients.complete('local', callback, expected), change).rejects.toMatchObject({
        code: 'rejected',
      });
    }
  });

  it('says when the person declined, the provider is unknown, unreachable or not https', async () => {
    const begun = await clients.begin('local', REDIRECT);
    const denied = new URL(`${REDIRECT}?error=access_denied&state=${begun.state}`);
    await expect(clients.complete('local', denied, begun)).rejects.toMatchObject({ code: 'rejected' });
    await expect(clients.begin('nope', REDIRECT)).rejects.toMatchObject({ code: 'unknown_provider' });
    const away = new OidcClients(
      [{ name: 'away', label: 'Away', issuer: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's' }],
      {
        allowInsecureHttp: true,
      },
    );
    await expect(away.begin('away', REDIRECT)).rejects.toMatchObject({ code: 'provider_unavailable' });
    const strict = new OidcClients([
      { name: 'local', label: 'Local', issuer: provider.issuer, clientId: 'cairn', clientSecret: 'secret-1' },
    ]);
    const error = await strict.begin('local', REDIRECT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OidcSignInError);
    expect((error as OidcSignInError).message).toContain('https');
  });
});

describe('readOidcProviders', () => {
  it('reads one provider per name and names what is missing', () => {
    expect(
      readOidcProviders({
        CAIRN_OIDC_ACME_ID_ISSUER: 'https://id.acme.test',
        CAIRN_OIDC_ACME_ID_CLIENT_ID: 'c',
        CAIRN_OIDC_ACME_ID_CLIENT_SECRET: 's',
        CAIRN_OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
        CAIRN_OIDC_GOOGLE_CLIENT_ID: 'g',
        CAIRN_OIDC_GOOGLE_CLIENT_SECRET: 'gs',
        CAIRN_OIDC_GOOGLE_LABEL: 'Google',
      }),
    ).toEqual([
      { name: 'acme_id', label: 'Acme id', issuer: 'https://id.acme.test', clientId: 'c', clientSecret: 's' },
      {
        name: 'google',
        label: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'g',
        clientSecret: 'gs',
      },
    ]);
    expect(() => readOidcProviders({ CAIRN_OIDC_X_ISSUER: 'https://x.test' })).toThrow(
      'CAIRN_OIDC_X_CLIENT_ID, CAIRN_OIDC_X_CLIENT_SECRET',
    );
    expect(() =>
      readOidcProviders({
        CAIRN_OIDC_X_ISSUER: 'ftp://x',
        CAIRN_OIDC_X_CLIENT_ID: 'a',
        CAIRN_OIDC_X_CLIENT_SECRET: 'b',
      }),
    ).toThrow('CAIRN_OIDC_X_ISSUER');
    expect(readOidcProviders({})).toEqual([]);
  });
});
