import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { DevChainRecord } from '../../chains/devChain/devChainRecord.js';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { isPaymentId } from '../../domain/payments/isPaymentId.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import { databaseOutage } from '../../web/databaseOutage.js';
import { parseFormBody } from '../../web/parseFormBody.js';
import { unstorableTextError } from '../../web/unstorableTextError.js';
import { loadCheckoutAssets } from './checkoutAssets.js';
import { checkoutMountPath, checkoutPaths } from './render/checkoutPaths.js';
import { registerAssetRoutes } from './routes/assetRoutes.js';
import type { CheckoutRuntime } from './routes/CheckoutRuntime.js';
import { createCheckoutRuntime } from './routes/createCheckoutRuntime.js';
import { LANGUAGE_COOKIE, requestedLanguageOf } from './routes/customerLanguageOf.js';
import { registerInvoiceRoutes } from './routes/invoiceRoutes.js';
import { registerLinkRoutes } from './routes/linkRoutes.js';
import { registerPaymentRoutes } from './routes/paymentRoutes.js';
import { registerQrRoutes } from './routes/qrRoutes.js';
import { registerStatusRoutes } from './routes/statusRoutes.js';
import { registerWalletRoutes } from './routes/walletRoutes.js';

/** How long the language a customer chose is remembered: a year. */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 3600;

export interface CheckoutPageOptions {
  /** Shares the action rate limit between gateway instances. */
  readonly redis?: Redis;
  /** The local dev chain this gateway runs (ETH_LOCAL), whose test wallet pays on "Pay with a test wallet". */
  readonly devChain?: DevChainRecord;
}

/**
 * The hosted checkout at `{checkout_url_base}/<payment_id>`, mounted on the gateway at the path of
 * CAIRN_CHECKOUT_URL_BASE (`/checkout` by default): the picker, the pay view, live status over
 * server-sent events, the customer's cancel and refund request, QR codes and static assets, and the
 * pages of payment links and invoices. The payment id is the customer's only credential. Every
 * customer action goes through the same service as the API (selectChain, cancelPayment, and the
 * lifecycle via requestRefund); forms POST and redirect back (303), so the page works without
 * JavaScript. This sets up the scope (form parsing, rate limits, errors, not found); the routes are
 * in `routes/`, grouped by what they serve.
 */
export async function registerCheckoutPage(
  app: FastifyInstance,
  gateway: Gateway,
  options: CheckoutPageOptions = {},
): Promise<void> {
  const rt = createCheckoutRuntime({
    gateway,
    base: checkoutMountPath(gateway.config.urls.checkout),
    assets: loadCheckoutAssets(),
    ...(options.devChain ? { devChain: options.devChain } : {}),
  });

  await app.register(
    async (scope) => {
      // Forms post application/x-www-form-urlencoded; a body of a few fields is all they need.
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'buffer', bodyLimit: 4096 },
        (_request, body, done) => {
          try {
            done(null, parseFormBody(body));
          } catch (error) {
            done(error as Error, undefined);
          }
        },
      );
      await scope.register(rateLimit, {
        global: false,
        ...(options.redis ? { redis: options.redis, nameSpace: 'cairn-checkout-rate-limit:' } : {}),
        errorResponseBuilder: (request, context) =>
          new ApiError(
            'RATE_LIMITED',
            rt.messagesOf(request).rateLimitedBody(Math.max(1, Math.ceil(context.ttl / 1000))),
            {
              retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
            },
          ),
      });
      // A query with text PostgreSQL cannot store (a NUL) is refused as the API refuses it (forms:
      // parseFormBody).
      scope.addHook('preValidation', (request, _reply, done) =>
        done(unstorableTextError(undefined, request.query)),
      );
      // The language menu's choice (`?lang=`) is remembered for the customer's next pages.
      await scope.register(cookie);
      scope.addHook('onRequest', async (request, reply) => {
        const chosen = requestedLanguageOf(request);
        if (chosen && request.cookies[LANGUAGE_COOKIE] !== chosen) {
          reply.setCookie(LANGUAGE_COOKIE, chosen, {
            path: rt.base || '/',
            maxAge: LANGUAGE_COOKIE_SECONDS,
            sameSite: 'lax',
            httpOnly: true,
            secure: gateway.config.urls.checkout.startsWith('https:'),
          });
        }
      });
      scope.setErrorHandler((error, request, reply) => answerError(rt, error, request, reply));
      if (rt.base !== '') {
        scope.setNotFoundHandler((request, reply) => {
          const m = rt.messagesOf(request);
          return rt.sendMessage(reply, 404, m.notFoundTitle, m.notFoundBody);
        });
      }
      registerAssetRoutes(scope, rt);
      registerLinkRoutes(scope, rt);
      registerInvoiceRoutes(scope, rt);
      registerPaymentRoutes(scope, rt);
      registerWalletRoutes(scope, rt);
      registerQrRoutes(scope, rt);
      registerStatusRoutes(scope, rt);
    },
    { prefix: rt.base },
  );

  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    rt.hub.stop();
    for (const res of rt.streams) res.end();
  });
}

/**
 * The checkout's answer to an error, as a page: not found (404), too many attempts (429, with
 * Retry-After), a refused request (4xx), the database unavailable (503, retried shortly), or an error
 * (500). Where the URL names a payment, link or invoice, the page links back to it.
 */
function answerError(
  rt: CheckoutRuntime,
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { base } = rt;
  const m = rt.messagesOf(request);
  const id = (request.params as { id?: string } | undefined)?.id;
  const url = request.routeOptions.url ?? '';
  const owner = url.startsWith(`${base}/links/`)
    ? 'links/'
    : url.startsWith(`${base}/invoices/`)
      ? 'invoices/'
      : '';
  const back =
    id && isPaymentId(id) ? (owner ? `${base}/${owner}${id}` : checkoutPaths(base, id).page) : undefined;
  if (error instanceof ApiError && error.code === 'NOT_FOUND') {
    return rt.sendMessage(reply, 404, m.notFoundTitle, m.notFoundBody);
  }
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
    if (error.extra.retryAfterSeconds !== undefined)
      reply.header('retry-after', error.extra.retryAfterSeconds);
    return rt.sendMessage(reply, 429, m.rateLimitedTitle, error.message, back);
  }
  const status = error instanceof ApiError ? error.status : (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    request.log.info({ err: error }, 'checkout request refused');
    return rt.sendMessage(reply, status, m.errorTitle, m.badRequestBody, back);
  }
  const outage = databaseOutage(error);
  if (outage) {
    // Retryable: the page says to try again shortly and, for a GET, reloads itself after
    // Retry-After (a refused POST is retried from the payment page, not re-posted).
    request.log.warn({ err: error, reason: outage.reason }, 'checkout: database unavailable');
    const retryUrl = request.method === 'GET' ? request.url : back;
    reply.header('retry-after', outage.retryAfterSeconds);
    return rt.sendMessage(
      reply,
      503,
      m.unavailableTitle,
      m.unavailableBody,
      back,
      retryUrl ? { url: retryUrl, seconds: outage.retryAfterSeconds } : undefined,
    );
  }
  request.log.error({ err: error }, 'checkout request failed');
  return rt.sendMessage(reply, 500, m.errorTitle, m.errorBody, back);
}
