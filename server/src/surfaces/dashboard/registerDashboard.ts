import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { createAccountsContext } from '../../domain/accounts/createAccountsContext.js';
import { loadViewer } from '../../domain/accounts/loadViewer.js';
import { OidcClients } from '../../domain/accounts/OidcClients.js';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { devMailboxEnabled } from '../../domain/mail/devMailboxEnabled.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import { databaseOutage } from '../../web/databaseOutage.js';
import { parseFormBody } from '../../web/parseFormBody.js';
import { securityHeaders } from '../../web/securityHeaders.js';
import { unstorableTextError } from '../../web/unstorableTextError.js';
import { createTotpSecretCipher } from './createTotpSecretCipher.js';
import { loadDashboardAssets } from './dashboardAssets.js';
import { messagePage } from './render/accountPages.js';
import { dashboardMountPath, dashboardPaths } from './render/dashboardPaths.js';
import { redirectNotice } from './render/Notice.js';
import type { Page } from './render/Page.js';
import { renderDashboardPage } from './render/renderDashboardPage.js';
import { registerAccountRoutes } from './routes/accountRoutes.js';
import { registerAuditRoutes } from './routes/auditRoutes.js';
import { registerBusinessRoutes } from './routes/businessRoutes.js';
import { registerCreditRoutes } from './routes/creditRoutes.js';
import type { DashboardRuntime } from './routes/DashboardRuntime.js';
import { registerInvitationAccept, registerInvitationPage } from './routes/invitationRoutes.js';
import { registerInvoiceRoutes } from './routes/invoiceRoutes.js';
import { registerKeyRoutes } from './routes/keyRoutes.js';
import { registerLockAccountRoutes } from './routes/lockAccountRoutes.js';
import { registerMailboxRoutes } from './routes/mailboxRoutes.js';
import { registerMemberRoutes } from './routes/memberRoutes.js';
import { registerOidcRoutes } from './routes/oidcRoutes.js';
import { registerOnboardingRoutes } from './routes/onboardingRoutes.js';
import { registerPasskeyCeremonyRoutes, registerPasskeyRoutes } from './routes/passkeyRoutes.js';
import { registerPaymentLinkRoutes } from './routes/paymentLinkRoutes.js';
import { registerPaymentRoutes } from './routes/paymentRoutes.js';
import { registerReportRoutes } from './routes/reportRoutes.js';
import { type BusinessRoute, registerSignedInScopes } from './routes/signedInScopes.js';
import { registerStrayFundsRoutes } from './routes/strayFundsRoutes.js';
import { registerSecondFactorRoutes, registerSecurityRoutes } from './routes/twoFactorRoutes.js';
import {
  registerWalletConfirmationPage,
  registerWalletConfirmationPost,
} from './routes/walletConfirmationRoutes.js';
import { registerWalletRoutes } from './routes/walletRoutes.js';
import { registerWebhookRoutes } from './routes/webhookRoutes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every dashboard route (method and URL): what the CSRF coverage test walks. */
    dashboardRoutes: readonly { readonly method: string; readonly url: string }[];
  }
}

/** The CSRF token's user information when no session cookie is sent (never a session token). */
const SIGNED_OUT = 'signed-out';
/** Bytes of a CSRF secret, as @fastify/csrf makes them. */
const CSRF_SECRET_BYTES = 18;
/**
 * The HMAC key @fastify/csrf hashes the user information with. It need not be secret, and is the same
 * on every instance (a form rendered by one is posted to another): what an attacker lacks is the
 * session token it hashes and the CSRF secret in the victim's httpOnly cookie.
 */
const CSRF_HMAC_KEY = 'cairn-dashboard-csrf';

export interface DashboardOptions {
  /** Shares the form rate limit between gateway instances. */
  readonly redis?: Redis;
  /** The OpenID Connect providers (default: those configured by CAIRN_OIDC_<NAME>_*). */
  readonly oidc?: OidcClients;
}

/**
 * The merchant dashboard at the path of CAIRN_DASHBOARD_URL (`/dashboard` by default): sign-up,
 * sign-in (password or OpenID Connect), businesses, the test/live toggle, wallets, API keys, webhook
 * endpoints and the audit log. Server-rendered like the checkout: no third-party requests, no inline
 * script or style, every form a POST with a CSRF token answered by a redirect (303) or a page.
 */
export async function registerDashboard(
  app: FastifyInstance,
  gateway: Gateway,
  options: DashboardOptions = {},
): Promise<void> {
  const { config } = gateway;
  const base = dashboardMountPath(config.urls.dashboard);
  const paths = dashboardPaths(base);
  const assets = loadDashboardAssets();
  const secure = new URL(config.urls.dashboard).protocol === 'https:';
  // Behind a TLS proxy without CAIRN_TRUST_PROXY the request looks like http: the public origin counts.
  const dashboardOrigin = new URL(config.urls.dashboard).origin;
  // Over https the cookies are `__Host-` ones: Secure, on path `/` and no Domain, so that no other
  // host (a sibling subdomain) and no plain-http page can set or replace them. Over http (a
  // developer's machine) the prefix cannot hold: plain names on the dashboard's path.
  const cookiePath = secure || base === '' ? '/' : base;
  const sessionCookie = secure ? '__Host-cairn_session' : 'cairn_session';
  const csrfCookie = secure ? '__Host-cairn_csrf' : 'cairn_csrf';
  const csrfCookieOptions = { path: cookiePath, httpOnly: true, sameSite: 'lax', secure } as const;
  // What a CSRF token is bound to: the browser's session token (hashed into the token, never shown),
  // or SIGNED_OUT. A token made before sign-in, or in another session, is refused.
  const csrfUserInfo = (request: FastifyRequest) => request.cookies[sessionCookie] || SIGNED_OUT;
  const headers = securityHeaders({ frameAncestors: "'none'" });
  const oidc = options.oidc ?? new OidcClients(config.oidcProviders, { allowInsecureHttp: !secure });
  const accounts = createAccountsContext(gateway, createTotpSecretCipher(config));

  const routes: { method: string; url: string }[] = [];
  app.decorate('dashboardRoutes', routes);
  const businessRoutes: BusinessRoute[] = [];
  app.decorate('dashboardBusinessRoutes', businessRoutes);
  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      });
      await scope.register(cookie);
      await scope.register(csrf, {
        cookieKey: csrfCookie,
        cookieOpts: csrfCookieOptions,
        getUserInfo: csrfUserInfo,
        csrfOpts: { hmacKey: CSRF_HMAC_KEY },
      });
      await scope.register(rateLimit, {
        global: false,
        ...(options.redis ? { redis: options.redis, nameSpace: 'cairn-dashboard-rate-limit:' } : {}),
        errorResponseBuilder: (_request, context) =>
          new ApiError('RATE_LIMITED', 'Too many requests from your address. Wait a minute and try again.', {
            retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
          }),
      });
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'buffer', bodyLimit: 16_384 },
        (_request, body, done) => {
          try {
            done(null, parseFormBody(body));
          } catch (error) {
            done(error as Error, undefined);
          }
        },
      );

      // One CSRF token per response: a second generateCsrf() before the cookie comes back would make
      // a second secret and spoil the first token.
      const csrfTokens = new WeakMap<FastifyReply, string>();
      const csrfFor = (reply: FastifyReply) => {
        let token = csrfTokens.get(reply);
        if (token === undefined) {
          token = reply.generateCsrf({ userInfo: csrfUserInfo(reply.request) });
          csrfTokens.set(reply, token);
        }
        return token;
      };
      /**
       * A new CSRF secret at every sign-in and sign-out, for the session that begins (or none): the
       * forms of before no longer count. The request's cookies are updated too, so that a page this
       * same response renders carries a token of the new secret and session.
       */
      const rotateCsrf = (reply: FastifyReply, sessionToken: string | undefined) => {
        const secret = randomBytes(CSRF_SECRET_BYTES).toString('base64url');
        void reply.setCookie(csrfCookie, secret, csrfCookieOptions);
        const { cookies } = reply.request;
        cookies[csrfCookie] = secret;
        if (sessionToken === undefined) delete cookies[sessionCookie];
        else cookies[sessionCookie] = sessionToken;
        csrfTokens.delete(reply);
      };
      const send = (request: FastifyRequest, reply: FastifyReply, page: Page) => {
        const token = csrfFor(reply);
        const viewer = request.dashboardViewer;
        // A redirect's notice (`?notice=`), unless the page brings its own.
        const notice =
          page.notice ?? redirectNotice((request.query as { notice?: unknown } | undefined)?.notice);
        const body = renderDashboardPage(
          { assets, paths, csrf: token, ...(viewer ? { viewer } : {}) },
          { ...page, ...(notice ? { notice } : {}) },
        );
        return reply
          .status(page.status ?? 200)
          .headers(headers)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(body.toString());
      };

      const runtime: DashboardRuntime = {
        gateway,
        paths,
        accounts,
        oidc,
        devMailbox: devMailboxEnabled(config),
        csrf: csrfFor,
        send,
        redirect: (reply, path, notice) =>
          reply.redirect(notice ? `${path}${path.includes('?') ? '&' : '?'}notice=${notice}` : path, 303),
        startSession: (reply, token) => {
          void reply.setCookie(sessionCookie, token, {
            path: cookiePath,
            httpOnly: true,
            secure,
            sameSite: 'lax',
            maxAge: config.CAIRN_DASHBOARD_SESSION_HOURS * 3600,
          });
          rotateCsrf(reply, token);
        },
        clearSession: (reply) => {
          void reply.clearCookie(sessionCookie, {
            path: cookiePath,
            httpOnly: true,
            secure,
            sameSite: 'lax',
          });
          rotateCsrf(reply, undefined);
        },
        actor: (request, viewer) => ({
          userId: viewer.userId,
          name: viewer.email,
          ip: request.ip,
          ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
        }),
      };

      // A query with text PostgreSQL cannot store (a NUL) is refused as the API refuses it (forms:
      // parseFormBody), before it reaches a search or a filter.
      scope.addHook('preValidation', (request, _reply, done) =>
        done(unstorableTextError(undefined, request.query)),
      );
      // Who is signed in: every request reads its session (one indexed lookup and the businesses).
      scope.addHook('onRequest', async (request) => {
        if (request.url.startsWith(`${paths.assets}/`)) return;
        const viewer = await loadViewer(accounts, request.cookies[sessionCookie]);
        if (viewer) request.dashboardViewer = viewer;
      });
      // Every state change is a POST: from this origin (when the browser says where it comes from)
      // and with the CSRF token of a page this gateway rendered.
      scope.addHook('preHandler', (request, reply, done) => {
        if (request.method !== 'POST') return done();
        const site = request.headers['sec-fetch-site'];
        const origin = request.headers.origin;
        // `Origin: null` is what browsers send under `Referrer-Policy: no-referrer`: it says nothing.
        const ownOrigin =
          origin === undefined ||
          origin === 'null' ||
          origin === dashboardOrigin ||
          origin === `${request.protocol}://${request.host}`;
        if (site === 'cross-site' || !ownOrigin) {
          request.log.info({ origin, site }, 'dashboard form refused: sent from another site');
          return done(
            Object.assign(new Error('Cross-site form refused.'), {
              statusCode: 403,
              code: 'FST_CSRF_INVALID_TOKEN',
            }),
          );
        }
        return scope.csrfProtection(request, reply, done);
      });

      scope.setErrorHandler((error, request, reply) => {
        const code = (error as { code?: string }).code;
        if (code === 'FST_CSRF_INVALID_TOKEN' || code === 'FST_CSRF_MISSING_SECRET') {
          request.log.info({ code }, 'dashboard form refused: CSRF token missing or wrong');
          return send(
            request,
            reply,
            messagePage(
              'This form has expired',
              'For your safety the form was not sent. Go back, reload the page and try again.',
              403,
              { href: paths.home, label: 'Back to the dashboard' },
            ),
          );
        }
        if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
          if (error.extra.retryAfterSeconds !== undefined)
            reply.header('retry-after', error.extra.retryAfterSeconds);
          return send(request, reply, messagePage('Too many requests', error.message, 429));
        }
        if (error instanceof ApiError && error.code === 'NOT_FOUND') {
          return send(
            request,
            reply,
            messagePage('Not found', 'There is nothing at this address.', 404, {
              href: paths.home,
              label: 'Back to the dashboard',
            }),
          );
        }
        if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
          // A form or query with text that cannot be stored (a NUL): the API's 422 and its message.
          request.log.info({ code: error.code, fields: error.extra.fields }, 'dashboard request refused');
          return send(request, reply, messagePage('This cannot be sent', error.message, 422));
        }
        const status =
          error instanceof ApiError ? error.status : (error as { statusCode?: number }).statusCode;
        if (status !== undefined && status >= 400 && status < 500) {
          request.log.info({ err: error }, 'dashboard request refused');
          return send(
            request,
            reply,
            messagePage(
              'That did not work',
              'The request was not understood. Go back and try again.',
              status,
            ),
          );
        }
        const outage = databaseOutage(error);
        if (outage) {
          request.log.warn({ err: error, reason: outage.reason }, 'dashboard: database unavailable');
          reply.header('retry-after', outage.retryAfterSeconds);
          return send(
            request,
            reply,
            messagePage(
              'Temporarily unavailable',
              'The dashboard cannot reach its database. Try again in a few seconds.',
              503,
            ),
          );
        }
        request.log.error({ err: error }, 'dashboard request failed');
        return send(
          request,
          reply,
          messagePage(
            'Something went wrong',
            'The error is logged. Try again; if it keeps happening, tell the operator of this gateway.',
            500,
          ),
        );
      });
      scope.setNotFoundHandler((request, reply) =>
        send(
          request,
          reply,
          messagePage('Not found', 'There is nothing at this address.', 404, {
            href: paths.home,
            label: 'Back to the dashboard',
          }),
        ),
      );

      scope.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
        const asset = assets.byName.get(request.params.name);
        if (!asset) throw new ApiError('NOT_FOUND', 'No such asset.');
        return reply
          .headers(headers)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(asset.contentType)
          .send(asset.body);
      });

      // Signed out or in: accounts, third-party sign-in, the dev mailbox.
      registerAccountRoutes(scope, runtime);
      registerLockAccountRoutes(scope, runtime);
      registerOidcRoutes(scope, runtime);
      registerSecondFactorRoutes(scope, runtime);
      registerPasskeyCeremonyRoutes(scope, runtime);
      registerMailboxRoutes(scope, runtime);
      registerWalletConfirmationPage(scope, runtime);
      registerInvitationPage(scope, runtime);
      // Signed in (first business, switching, the mode), then with a business: every other page.
      await registerSignedInScopes(
        scope,
        runtime,
        {
          viewer: (signedIn) => {
            registerOnboardingRoutes(signedIn, runtime);
            registerSecurityRoutes(signedIn, runtime);
            registerPasskeyRoutes(signedIn, runtime);
            registerWalletConfirmationPost(signedIn, runtime);
            registerInvitationAccept(signedIn, runtime);
          },
          business: (business) => {
            registerBusinessRoutes(business, runtime);
            registerWalletRoutes(business, runtime);
            registerKeyRoutes(business, runtime);
            registerAuditRoutes(business, runtime);
            registerMemberRoutes(business, runtime);
            registerPaymentRoutes(business, runtime);
            registerStrayFundsRoutes(business, runtime);
            registerReportRoutes(business, runtime);
            registerWebhookRoutes(business, runtime);
            registerCreditRoutes(business, runtime);
            registerPaymentLinkRoutes(business, runtime);
            registerInvoiceRoutes(business, runtime);
          },
        },
        businessRoutes,
      );
    },
    { prefix: base },
  );
}
