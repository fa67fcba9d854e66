import type { FastifyInstance } from 'fastify';
import { AccountError } from '../../../domain/accounts/AccountError.js';
import { OidcSignInError } from '../../../domain/accounts/OidcClients.js';
import { saveOidcLogin } from '../../../domain/accounts/saveOidcLogin.js';
import { signInWithOidc } from '../../../domain/accounts/signInWithOidc.js';
import { takeOidcLogin } from '../../../domain/accounts/takeOidcLogin.js';
import { messagePage } from '../render/accountPages.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { finishSignIn } from './finishSignIn.js';

/** How long the provider's sign-in may take. */
const LOGIN_TTL_MS = 10 * 60_000;
const COOKIE = 'cairn_oidc';

type ProviderParams = { Params: { provider: string } };

/**
 * Third-party sign-in (OpenID Connect, authorization code with PKCE, state and nonce). The flow's
 * secrets stay in the database; the browser holds only the flow's id in a short-lived cookie, so the
 * callback is accepted only in the browser that started it, and only once.
 */
export function registerOidcRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  const cookiePath = `${paths.base}/oidc`;
  const secure = new URL(gateway.config.urls.dashboard).protocol === 'https:';
  const redirectUri = (provider: string) =>
    new URL(paths.oidcCallback(provider), gateway.config.urls.dashboard).href;
  const failed = (text: string, status = 400) =>
    messagePage('Sign-in did not work', text, status, { href: paths.signIn, label: 'Back to sign in' });

  scope.get<ProviderParams>('/oidc/:provider', async (request, reply) => {
    const { provider } = request.params;
    let begun: Awaited<ReturnType<typeof rt.oidc.begin>>;
    try {
      begun = await rt.oidc.begin(provider, redirectUri(provider));
    } catch (error) {
      if (!(error instanceof OidcSignInError)) throw error;
      request.log.warn({ provider, code: error.code, err: error.message }, 'OIDC sign-in could not start');
      return rt.send(request, reply, failed(error.message, error.code === 'unknown_provider' ? 404 : 503));
    }
    const loginId = await saveOidcLogin(rt.accounts, {
      provider,
      state: begun.state,
      nonce: begun.nonce,
      codeVerifier: begun.codeVerifier,
      ttlMs: LOGIN_TTL_MS,
    });
    reply.setCookie(COOKIE, loginId, {
      path: cookiePath,
      httpOnly: true,
      secure,
      sameSite: 'lax',
      maxAge: LOGIN_TTL_MS / 1000,
    });
    return reply.header('cache-control', 'no-store').redirect(begun.url, 303);
  });

  scope.get<ProviderParams>('/oidc/:provider/callback', async (request, reply) => {
    const { provider } = request.params;
    const loginId = request.cookies[COOKIE] ?? '';
    reply.clearCookie(COOKIE, { path: cookiePath, httpOnly: true, secure, sameSite: 'lax' });
    const login = await takeOidcLogin(rt.accounts, loginId, provider);
    if (!login) {
      return rt.send(
        request,
        reply,
        failed('This sign-in has expired or was started in another browser. Start again.'),
      );
    }
    try {
      const callbackUrl = new URL(request.url, gateway.config.urls.dashboard);
      const claims = await rt.oidc.complete(provider, callbackUrl, login);
      const { created, ...outcome } = await signInWithOidc(
        rt.accounts,
        { provider, ...claims },
        {
          ip: request.ip,
          ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
        },
      );
      request.log.info(
        { provider, created, secondFactor: outcome.kind === 'second_factor' },
        'dashboard: signed in with OpenID Connect',
      );
      return await finishSignIn(rt, request, reply, outcome);
    } catch (error) {
      if (error instanceof OidcSignInError) {
        request.log.warn({ provider, code: error.code, err: error.message }, 'OIDC sign-in refused');
        return rt.send(
          request,
          reply,
          failed(error.message, error.code === 'provider_unavailable' ? 503 : 400),
        );
      }
      if (error instanceof AccountError) return rt.send(request, reply, failed(error.message, 403));
      throw error;
    }
  });
}
