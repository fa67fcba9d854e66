import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DevChainRecord } from '../chains/devChain/devChainRecord.js';
import type { WatcherStatus } from '../chains/watchers/ChainWatcher.js';
import { describeHealth } from '../chains/watchers/judgeWatcherHealth.js';
import type { Gateway } from '../domain/gateway/Gateway.js';
import { checkDatabase } from '../platform/db/checkDatabase.js';
import { ApiError } from '../platform/runtime/ApiError.js';
import { createMetrics, type Metrics } from '../platform/runtime/metrics.js';
import { allowedMethods } from '../surfaces/api/allowedMethods.js';
import { registerApiRoutes } from '../surfaces/api/registerApiRoutes.js';
import { registerCheckoutPage } from '../surfaces/checkoutPage/registerCheckoutPage.js';
import { registerDashboard } from '../surfaces/dashboard/registerDashboard.js';
import { registerDiscovery } from '../surfaces/discovery/registerDiscovery.js';
import { registerMcp } from '../surfaces/mcp/registerMcp.js';
import { clientErrorHandler } from '../web/clientErrorHandler.js';
import { decodeUtf8 } from '../web/decodeUtf8.js';
import { metricsAccessAllowed } from '../web/metricsAccess.js';
import { redactCredentials } from '../web/redactCredentials.js';
import { renderError } from '../web/renderError.js';
import {
  DEFAULT_ANSWER_HEADERS,
  STRICT_TRANSPORT_SECURITY,
  strictTransportFor,
} from '../web/securityHeaders.js';
import { serializeError } from '../web/serializeError.js';
import { serializeRequest } from '../web/serializeRequest.js';

const openApiDocument = createRequire(import.meta.url)('@cairn/contract/openapi.json') as Record<
  string,
  unknown
>;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface AppOptions {
  /** Whether background workers are running (for /readyz). */
  readonly workersReady?: () => boolean;
  /** The chain watchers of this instance (for /readyz: a syncing or stalled one makes it 503). */
  readonly chainWatchers?: () => readonly WatcherStatus[];
  readonly redis?: Redis;
  /** The local dev chain this gateway runs (the checkout's "Pay with a test wallet" uses it). */
  readonly devChain?: DevChainRecord;
  /** The metrics registry and instruments to serve (default: a fresh set). */
  readonly metrics?: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Builds the gateway's HTTP app without listening (tests use `app.inject()` or listen on port 0):
 * the merchant API, the hosted checkout, health, readiness, metrics and the OpenAPI document.
 */
export async function buildApp(gateway: Gateway, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Whatever logger the gateway was given, request URLs are logged with credentials redacted and
    // database errors without the values of their statement.
    loggerInstance: gateway.log.child({}, { serializers: { req: serializeRequest, err: serializeError } }),
    bodyLimit: gateway.config.CAIRN_BODY_LIMIT_BYTES,
    trustProxy: gateway.config.CAIRN_TRUST_PROXY,
    // Not `requestIdHeader: 'x-request-id'`: fastify would then take the header as is and never call
    // genReqId, which accepts an incoming id only when it is safe to echo in headers, logs and bodies.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : `req_${randomUUID()}`;
    },
    // Requests Node's HTTP parser rejects (malformed HTTP, oversized headers) get our error shape too.
    clientErrorHandler,
    // A URL fastify cannot decode (bad percent-encoding) names no resource: our 404, in our shape.
    frameworkErrors: (error, request, reply) =>
      renderError(
        new ApiError('NOT_FOUND', `No such route: ${redactCredentials(error.message)}`),
        request,
        reply,
      ),
  });
  // Many HTTP clients send `content-type: application/json` on every request, including a DELETE
  // with no body: treat an empty body as no body. Non-empty bodies must be UTF-8 (RFC 8259; decoding
  // would silently turn bad bytes into U+FFFD) and go through fastify's own parser (which guards
  // against prototype poisoning).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = decodeUtf8(body);
    if (text === undefined) {
      return done(new ApiError('INVALID_REQUEST', 'The request body is not valid UTF-8.'), undefined);
    }
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
  const metrics = options.metrics ?? createMetrics();
  app.decorate('metrics', metrics);

  const strictTransport = strictTransportFor(Object.values(gateway.config.urls));
  // Callback-style hooks: nothing to await, so no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // Every answer (API, MCP, discovery, health, errors, pages): the defaults its route did not set.
    for (const [name, value] of Object.entries(DEFAULT_ANSWER_HEADERS))
      if (!reply.hasHeader(name)) reply.header(name, value);
    if (strictTransport(request.hostname))
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.setErrorHandler((error, request, reply) => renderError(error, request, reply));
  app.setNotFoundHandler((request, reply) => {
    // The path is logged with the message: no credential in it.
    const path = redactCredentials(request.url.split('?')[0] ?? '');
    const allowed = allowedMethods(request.url);
    if (allowed.length === 0) {
      return renderError(new ApiError('NOT_FOUND', `No route ${request.method} ${path}.`), request, reply);
    }
    reply.header('allow', allowed.join(', '));
    return renderError(
      new ApiError(
        'METHOD_NOT_ALLOWED',
        `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}.`,
      ),
      request,
      reply,
    );
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const checks: Record<string, 'ok' | string> = {};
    checks.database = await checkDatabase(gateway.orm);
    checks.workers = (options.workersReady?.() ?? true) ? 'ok' : 'not running';
    // A chain is `ok`, `standby`, `syncing` (no sync yet since its watcher became active: not ready, so
    // a gateway is ready once its first syncs are done) or `failing: ...` (not offered; not ready only
    // once stalled, past CAIRN_WATCHER_STALL_MS, so a short node outage does not empty a load balancer).
    let chainsReady = true;
    for (const watcher of options.chainWatchers?.() ?? []) {
      checks[`chain:${watcher.chainId}`] = describeHealth({
        health: watcher.health,
        ...(watcher.healthReason ? { reason: watcher.healthReason } : {}),
      });
      if (watcher.health === 'syncing' || watcher.health === 'stopped' || watcher.stalled)
        chainsReady = false;
    }
    const ready = chainsReady && checks.database === 'ok' && checks.workers === 'ok';
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
  app.get('/metrics', async (request, reply) => {
    if (!metricsAccessAllowed(request, gateway.config.CAIRN_METRICS_TOKEN)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new ApiError(
        'UNAUTHORIZED',
        '/metrics answers requests from this machine, or with Authorization: Bearer <CAIRN_METRICS_TOKEN>.',
      );
    }
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  const sitePath = new URL(gateway.config.urls.site).pathname.replace(/\/+$/, '');
  const openApi = async (_request: unknown, reply: { header(name: string, value: string): unknown }) => {
    reply.header('access-control-allow-origin', '*');
    return { ...openApiDocument, servers: [{ url: gateway.config.urls.api, description: 'This gateway' }] };
  };
  // On the site's path (discovery), and at the root as before when that path is another.
  app.get(`${sitePath}/openapi.json`, openApi);
  if (sitePath !== '') app.get('/openapi.json', openApi);
  registerDiscovery(app, gateway);

  await registerApiRoutes(app, gateway, options.redis ? { redis: options.redis } : {});
  const shared = options.redis ? { redis: options.redis } : {};
  await registerCheckoutPage(app, gateway, {
    ...shared,
    ...(options.devChain ? { devChain: options.devChain } : {}),
  });
  await registerDashboard(app, gateway, shared);
  await registerMcp(app, gateway, shared);
  return app;
}
