import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { AuthContext } from '../../domain/apiKeys/AuthContext.js';
import { createKeyAuthenticator } from '../../domain/apiKeys/createKeyAuthenticator.js';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import type { ApiHandlers } from '../../domain/merchantApi/ApiHandlers.js';
import { createApiHandlers } from '../../domain/merchantApi/createApiHandlers.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import { GATEWAY_VERSION } from '../../platform/runtime/gatewayVersion.js';
import { registerKeyRateLimit } from '../../web/registerKeyRateLimit.js';
import { renderError } from '../../web/renderError.js';
import { DEFAULT_ANSWER_HEADERS } from '../../web/securityHeaders.js';
import { callApiRoute } from './callApiRoute.js';
import { type ContractTool, contractTools, toolName } from './contractTools.js';

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
 * runs its merchant API route in process (callApiRoute) with the caller's key: the same validation,
 * handler, idempotency and errors as REST.
 */
function buildServer(
  handlers: ApiHandlers,
  tools: readonly ContractTool[],
  request: FastifyRequest,
  auth: AuthContext,
): McpServer {
  const server = new McpServer(
    { name: 'cairn', title: 'Cairn', version: GATEWAY_VERSION },
    { jsonSchemaValidator },
  );
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
        const outcome = await callApiRoute({ handlers, tool, args, auth, request });
        if (!outcome.ok) {
          const { error } = outcome;
          return {
            isError: true,
            content: [{ type: 'text' as const, text: JSON.stringify({ error }) }],
            _meta: { status: outcome.status, code: error.code },
          };
        }
        const body = outcome.body as { data?: unknown };
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

/** The request as the SDK's web-standard transport reads it: method, URL and headers (the body is parsed). */
function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new Request(`${request.protocol}://${request.host}${request.url}`, { method: 'POST', headers });
}

/** Ends a request's server and transport; a failure to close is only logged. */
function closeAll(request: FastifyRequest, ...closables: { close(): Promise<void> }[]): void {
  for (const closable of closables) {
    closable.close().catch((error: unknown) => request.log.warn({ err: error }, 'mcp: close failed'));
  }
}

/**
 * Answers with JSON (the usual case): the SDK's web-standard streamable HTTP transport (the same
 * checks of Accept, Content-Type, protocol version and JSON-RPC as its Node wrapper) on a Request
 * built from fastify's, and its Response sent through fastify. The Node wrapper converts both ways
 * through a general adapter that cost about a seventh of a call here.
 */
async function answerJson(server: McpServer, request: FastifyRequest, reply: FastifyReply) {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(webRequestOf(request), { parsedBody: request.body });
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    return reply.send(response.body ? await response.text() : undefined);
  } finally {
    closeAll(request, transport, server);
  }
}

/**
 * Answers as an SSE stream (a client that lists `text/event-stream` first), through the SDK's Node
 * transport on the raw request and response.
 */
async function answerEventStream(server: McpServer, request: FastifyRequest, reply: FastifyReply) {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  reply.hijack();
  const raw = reply.raw;
  raw.setHeader('x-request-id', String(request.id));
  // fastify's onSend hooks do not run after a hijack: the answer defaults, set here.
  for (const [name, value] of Object.entries(DEFAULT_ANSWER_HEADERS)) raw.setHeader(name, value);
  raw.on('close', () => closeAll(request, transport, server));
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
}

/**
 * The MCP endpoint at `{mcp_url}/mcp`: streamable HTTP in stateless mode (no session id; a server per
 * request), JSON responses, or an SSE stream when the client accepts only that. The key is checked
 * before MCP is spoken (401 as the API answers it; a live key is refused unless CAIRN_MCP_ALLOW_LIVE),
 * and its tool calls run the API routes with that key (callApiRoute).
 */
export async function registerMcp(
  app: FastifyInstance,
  gateway: Gateway,
  options: { redis?: Redis } = {},
): Promise<void> {
  const base = new URL(gateway.config.urls.mcp).pathname.replace(/\/+$/, '');
  const tools = contractTools();
  const path = `${base}${MCP_PATH}`;
  // Keys are read as the API reads them; wrong keys spend a failed-authentication budget of the API's
  // size (the same budget when Redis is configured; per surface otherwise).
  const keys = createKeyAuthenticator(gateway, options);

  const handlers = createApiHandlers(gateway);

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // JSON-RPC batches are refused: MCP 2025-06-18 removed them, and a batch of tool calls would be
    // one request against the key's rate limit.
    if (Array.isArray(request.body)) {
      return reply.code(400).send({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid Request: JSON-RPC batches are not supported; send one message per request.',
        },
      });
    }
    const auth = request.auth!;
    // The key's last use, for the dashboard, as the API records it.
    keys.recordUse(auth.apiKey.id);
    const server = buildServer(handlers, tools, request, auth);
    if (!prefersEventStream(request.headers.accept)) return answerJson(server, request, reply);
    return answerEventStream(server, request, reply);
  };

  await app.register(async (scope) => {
    // The key is checked before MCP is spoken, with the API's failed-authentication budget.
    scope.addHook('onRequest', async (request) => {
      if (request.method !== 'POST') return;
      const auth = await keys.throttle(request, () => keys.authenticate(request));
      if (auth.mode === 'live' && !gateway.config.CAIRN_MCP_ALLOW_LIVE) {
        throw new ApiError(
          'LIVE_KEY_NOT_ALLOWED',
          'Live-mode keys cannot use the MCP endpoint on this gateway: use a test key, or ask the operator to set CAIRN_MCP_ALLOW_LIVE=true.',
        );
      }
    });
    // The API's per-key rate limit: every MCP request counts (initialize and tools/list too), keyed
    // and stored as the API's, so with Redis a key has one budget for REST and MCP together.
    await registerKeyRateLimit(scope, {
      max: gateway.config.CAIRN_RATE_LIMIT_PER_MINUTE,
      keyOf: (request) => request.auth?.apiKey.id ?? request.ip,
      redis: options.redis,
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
