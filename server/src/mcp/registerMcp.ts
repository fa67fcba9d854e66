import rateLimit from '@fastify/rate-limit';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { hashApiKey } from '../auth/apiKeyFormat.js';
import { authenticate } from '../auth/authenticate.js';
import { KeyCache } from '../auth/KeyCache.js';
import { ApiError } from '../errors/ApiError.js';
import type { Gateway } from '../gateway.js';
import { authThrottle } from '../http/registerApiRoutes.js';
import { renderError } from '../http/renderError.js';
import { type ContractTool, contractTools, requestOf, toolName } from './contractTools.js';
import { SDK_VERSION_FOR_MCP } from './mcpVersion.js';

/**
 * Whether the client asks for an SSE stream rather than a JSON body: its Accept header lists
 * `text/event-stream` first (every client must accept both; JSON is the default).
 */
function prefersEventStream(accept: string | undefined): boolean {
  return (accept ?? '').split(',')[0]?.trim().startsWith('text/event-stream') === true;
}

/** The MCP endpoint's path under `{mcp_url}`. */
export const MCP_PATH = '/mcp';

/** One JSON Schema validator for every request's server: building one (an Ajv) per request is costly. */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * Builds the MCP server for one request (stateless: nothing is kept between requests). Each tool call
 * is a request to the merchant API on this gateway (`app.inject`) with the caller's own key and
 * address: the same authentication, per-key rate limit, validation, idempotency and errors as REST.
 */
function buildServer(
  app: FastifyInstance,
  tools: readonly ContractTool[],
  request: FastifyRequest,
): McpServer {
  const server = new McpServer(
    { name: 'cairn', title: 'Cairn', version: SDK_VERSION_FOR_MCP },
    { jsonSchemaValidator },
  );
  const authorization = request.headers.authorization ?? '';
  for (const tool of tools) {
    server.registerTool(
      toolName(tool.name),
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: { readOnlyHint: tool.method === 'GET', idempotentHint: tool.method !== 'POST' },
      },
      async (args: Record<string, unknown>) => {
        const call = requestOf(tool, args);
        const response = await app.inject({
          method: call.method,
          url: call.url,
          remoteAddress: request.ip,
          headers: {
            authorization,
            ...call.headers,
            ...(call.body ? { 'content-type': 'application/json' } : {}),
            ...(typeof request.headers['x-request-id'] === 'string'
              ? { 'x-request-id': request.headers['x-request-id'] }
              : {}),
          },
          ...(call.body ? { payload: JSON.stringify(call.body) } : {}),
        });
        const body = response.json() as { data?: unknown; error?: { code: string; message: string } };
        if (response.statusCode >= 400 || body.error) {
          const error = body.error ?? { code: 'INTERNAL_ERROR', message: `HTTP ${response.statusCode}` };
          return {
            isError: true,
            content: [{ type: 'text' as const, text: JSON.stringify({ error }) }],
            _meta: { status: response.statusCode, code: error.code },
          };
        }
        const result = (tool.unwrapData ? body.data : body) as Record<string, unknown>;
        return {
          content: [{ type: 'text' as const, text: JSON.stringify(result) }],
          structuredContent: result,
        };
      },
    );
  }
  return server;
}

/**
 * The MCP endpoint at `{mcp_url}/mcp`: streamable HTTP in stateless mode (no session id; a server per
 * request), JSON responses, or an SSE stream when the client accepts only that. The key is checked
 * before MCP is spoken (401 as the API answers it; a live key is refused unless CAIRN_MCP_ALLOW_LIVE),
 * and again by every tool call, which is an API request with that key.
 */
export async function registerMcp(
  app: FastifyInstance,
  gateway: Gateway,
  options: { redis?: Redis } = {},
): Promise<void> {
  const base = new URL(gateway.config.urls.mcp).pathname.replace(/\/+$/, '');
  const tools = contractTools();
  const path = `${base}${MCP_PATH}`;
  // Wrong keys spend a failed-authentication budget of the API's size (the same budget when Redis is
  // configured; per route otherwise).
  const keyCache = new KeyCache();
  const throttle = authThrottle(gateway, keyCache, options.redis);

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const auth = await throttle(request, () => authenticate(gateway.orm, request, keyCache));
      if (auth.mode === 'live' && !gateway.config.CAIRN_MCP_ALLOW_LIVE) {
        throw new ApiError(
          'LIVE_KEY_NOT_ALLOWED',
          'Live-mode keys cannot use the MCP endpoint on this gateway: use a test key, or ask the operator to set CAIRN_MCP_ALLOW_LIVE=true.',
        );
      }
    } catch (error) {
      return renderError(error, request, reply);
    }
    const server = buildServer(app, tools, request);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !prefersEventStream(request.headers.accept),
    });
    reply.hijack();
    const raw = reply.raw;
    raw.setHeader('x-request-id', String(request.id));
    const close = () => {
      transport
        .close()
        .catch((error: unknown) => request.log.warn({ err: error }, 'mcp: transport close failed'));
      server.close().catch((error: unknown) => request.log.warn({ err: error }, 'mcp: server close failed'));
    };
    raw.on('close', close);
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, raw, request.body);
    } catch (error) {
      // After the hijack fastify writes nothing: answer here, so the socket does not hang.
      request.log.error({ err: error }, 'mcp: request failed');
      if (!raw.headersSent) {
        raw.writeHead(500, { 'content-type': 'application/json' });
        raw.end(
          JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error' } }),
        );
      } else if (!raw.writableEnded) raw.end();
    }
  };

  // The per-key rate limit of the API, on the MCP requests themselves (initialize and tools/list
  // included; each tool call is also counted by the API it calls), keyed by the key's hash.
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      max: gateway.config.CAIRN_RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => {
        const header = request.headers.authorization;
        return typeof header === 'string' && header.length < 512
          ? `key:${hashApiKey(header)}`
          : `ip:${request.ip}`;
      },
      enableDraftSpec: true,
      ...(options.redis ? { redis: options.redis, nameSpace: 'cairn-mcp-rate-limit:' } : {}),
      errorResponseBuilder: (_request, context) =>
        new ApiError(
          'RATE_LIMITED',
          `Rate limit of ${context.max} requests per minute exceeded; retry in ${context.after}.`,
        ),
    });
    scope.setErrorHandler((error, request, reply) => renderError(error, request, reply));
    scope.post(path, handle);
    // Stateless: no server-initiated stream to resume and no session to end.
    for (const method of ['GET', 'DELETE'] as const) {
      scope.route({
        method,
        url: path,
        handler: async (request, reply) => {
          reply.header('allow', 'POST');
          return renderError(
            new ApiError(
              'METHOD_NOT_ALLOWED',
              `${method} is not allowed on ${path}: this MCP endpoint is stateless; POST JSON-RPC messages.`,
            ),
            request,
            reply,
          );
        },
      });
    }
  });
}
