import { apiContract, EXPORT_CONTENT_TYPES } from '@cairn/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { authenticateFromCache } from '../../domain/apiKeys/authenticateFromCache.js';
import { createKeyAuthenticator } from '../../domain/apiKeys/createKeyAuthenticator.js';
import { stopEventWaker } from '../../domain/eventFollow/eventWakerOf.js';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { createApiHandlers } from '../../domain/merchantApi/createApiHandlers.js';
import { databaseOutage } from '../../web/databaseOutage.js';
import { registerKeyRateLimit } from '../../web/registerKeyRateLimit.js';
import { renderError } from '../../web/renderError.js';
import { unstorableTextError } from '../../web/unstorableTextError.js';

const s = initServer();

/** The create-payment route, whose single insert statement re-checks the key (see createPayment). */
const CREATE_PAYMENT_URL = apiContract.createPayment.path;

/** The export routes, whose file's media type follows their `format`. */
const EXPORT_URLS: ReadonlySet<string> = new Set([
  apiContract.exportPayments.path,
  apiContract.exportInvoices.path,
  apiContract.exportEvents.path,
  apiContract.exportCreditLedger.path,
]);

/**
 * Registers the merchant API (the ts-rest contract) in its own scope: authentication on every route,
 * the per-key rate limit after it, idempotent POSTs, and our error shape for everything.
 */
export async function registerApiRoutes(
  app: FastifyInstance,
  gateway: Gateway,
  options: { redis?: Redis } = {},
): Promise<void> {
  await app.register(async (api) => {
    // Bodies are JSON only: without this, fastify's built-in text/plain parser would hand a string
    // to the schemas (422) instead of refusing the media type (415).
    api.removeContentTypeParser('text/plain');
    // Every request reads its key from the database, except create-payment with a key read before:
    // its insert re-checks the key in the same statement, which saves a round trip on the hottest
    // route. A provisional key is read again before any refusal is sent (the error handler below,
    // createPayment, withInlineIdempotency, authenticateFromCache), so every answer is the one a
    // fresh read gives; docs/decisions.md has the details.
    const keys = createKeyAuthenticator(gateway, options);
    // Wrong keys are counted per caller address; past the budget they get 429 without a lookup.
    api.addHook('onRequest', async (request) => {
      await keys.throttle(request, async () => {
        if (request.method === 'POST' && request.routeOptions.url === CREATE_PAYMENT_URL) {
          const cached = await authenticateFromCache(request, keys.keyCache, () =>
            keys.authenticate(request),
          );
          if (cached) {
            request.auth = cached;
            return;
          }
        }
        await keys.authenticate(request);
      });
    });
    // The key's last use, for the dashboard: after the response, at most once a minute per key.
    api.addHook('onResponse', (request, reply, done) => {
      if (request.auth && reply.statusCode !== 401 && reply.statusCode !== 403)
        keys.recordUse(request.auth.apiKey.id);
      done();
    });
    /**
     * Renders an error; with a provisional key, only after reading the key (its 401/403 win), unless
     * the database is unreachable: the key cannot be read then, and the 503 is retried.
     */
    const renderApiError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const recheck = request.auth?.provisional ? request.auth.recheck : undefined;
      if (!recheck || databaseOutage(error)) return renderError(error, request, reply);
      return recheck().then(
        () => renderError(error, request, reply),
        (authError: unknown) => renderError(authError, request, reply),
      );
    };
    await registerKeyRateLimit(api, {
      max: gateway.config.CAIRN_RATE_LIMIT_PER_MINUTE,
      keyOf: (request) => request.auth?.apiKey.id ?? request.ip,
      redis: options.redis,
    });
    // Text PostgreSQL cannot store is a validation error here, not a 500 from the database.
    api.addHook('preHandler', (request, _reply, done) => {
      done(unstorableTextError(request.body, request.query));
    });

    // ts-rest writes the contract's one media type of an export (CSV) after the handler returns;
    // a JSON Lines export is relabelled here, before the headers leave.
    api.addHook('onSend', async (request, reply, payload) => {
      if (
        EXPORT_URLS.has(request.routeOptions.url ?? '') &&
        reply.statusCode === 200 &&
        (request.query as { format?: unknown }).format === 'jsonl'
      )
        reply.header('content-type', EXPORT_CONTENT_TYPES.jsonl);
      return payload;
    });

    const router = s.router(apiContract, createApiHandlers(gateway));
    // Waiting follow requests answer at once when the gateway closes, and its LISTEN connection ends.
    api.addHook('preClose', () => stopEventWaker(gateway));

    // Set before the routes' scope is registered: a child scope's error handler falls back to the
    // handler its parent had when the child was registered.
    api.setErrorHandler((error, request, reply) => renderApiError(error, request, reply));
    // ts-rest sets its own error handler in the scope it registers in: give it a child scope. It
    // renders validation errors through ours and passes every other error up to this scope's handler.
    await api.register(async (routes) => {
      s.registerRouter(apiContract, router, routes, {
        // Off by default: every response is built from typed code, and parsing it again with zod on
        // every request is measurable CPU. Tests turn it on (see docs/decisions.md).
        responseValidation: gateway.config.CAIRN_VALIDATE_RESPONSES,
        requestValidationErrorHandler: (error, request, reply) => renderApiError(error, request, reply),
      });
    });
  });
}
