import { apiContract, type ErrorBody } from '@cairn/contract';
import { validateIfSchema } from '@ts-rest/core';
import { RequestValidationError } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../domain/apiKeys/AuthContext.js';
import type { ApiCallRequest, ApiHandlers } from '../../domain/merchantApi/ApiHandlers.js';
import { databaseOutage } from '../../web/databaseOutage.js';
import { toApiError } from '../../web/renderError.js';
import { unstorableTextError } from '../../web/unstorableTextError.js';
import { type ContractTool, requestOf } from './contractTools.js';

/** What a tool call got from the merchant API: its status and body, as a REST call would have. */
export type ApiRouteOutcome =
  | { readonly ok: true; readonly status: number; readonly body: unknown }
  | { readonly ok: false; readonly status: number; readonly error: ErrorBody['error'] };

/** A handler of any route, for the one call below that picks it by the tool's name. */
type AnyApiHandler = (args: {
  params: unknown;
  query: unknown;
  body: unknown;
  headers: FastifyRequest['headers'];
  request: ApiCallRequest;
  reply: { header(name: string, value: string): unknown };
}) => Promise<{ status: number; body: unknown }>;

/** ts-rest's result of validating one part of a request: the parsed value or the zod error. */
interface PartResult {
  readonly value?: unknown;
  readonly error?: unknown;
}

/**
 * Runs one tool call as the merchant API route it was generated from, in process: the route's own
 * path, query and body validation (ts-rest's, so the errors are the API's), the refusal of text
 * PostgreSQL cannot store, then the route's handler (the one REST runs) with the caller's key. The
 * key was authenticated, rate-limited and checked for its mode by the MCP endpoint, as the API's own
 * hooks do for REST. Errors come back as the API's error body, with its code and status.
 */
export async function callApiRoute(input: {
  handlers: ApiHandlers;
  tool: ContractTool;
  args: Record<string, unknown>;
  auth: AuthContext;
  request: FastifyRequest;
}): Promise<ApiRouteOutcome> {
  const { tool, request } = input;
  const call = requestOf(tool, input.args);
  const route = apiContract[tool.name] as {
    pathParams?: unknown;
    query?: unknown;
    body?: unknown;
  };
  try {
    const params = validateIfSchema(call.params, route.pathParams, {
      passThroughExtraKeys: true,
    }) as PartResult;
    const query = validateIfSchema(call.query, route.query) as PartResult;
    const body = validateIfSchema(call.body, 'body' in route ? route.body : null) as PartResult;
    if (params.error || query.error || body.error) {
      throw new RequestValidationError(
        (params.error ?? null) as never,
        null,
        (query.error ?? null) as never,
        (body.error ?? null) as never,
      );
    }
    const idempotencyKey = input.args.idempotency_key;
    const unstorable = unstorableTextError(call.body, {
      ...call.query,
      ...(typeof idempotencyKey === 'string' ? { idempotency_key: idempotencyKey } : {}),
    });
    if (unstorable) throw unstorable;
    // Only the call's own headers (its Idempotency-Key): the MCP request's are not the tool call's.
    const headers = call.headers;
    const handler = input.handlers[tool.name] as unknown as AnyApiHandler;
    const result = await handler({
      params: params.value,
      query: query.value,
      body: body.value,
      headers,
      request: { auth: input.auth, headers, method: call.method, url: call.url, body: call.body },
      // The MCP result has no headers: a replay is the stored result, as the API's body is.
      reply: { header: () => undefined },
    });
    return { ok: true, status: result.status, body: result.body };
  } catch (error) {
    const apiError = toApiError(error);
    const outage = databaseOutage(error);
    if (outage)
      request.log.warn({ err: error, reason: outage.reason, tool: tool.name }, 'database unavailable');
    else if (apiError.status >= 500)
      request.log.error({ err: error, tool: tool.name }, 'mcp: tool call failed');
    else request.log.info({ code: apiError.code, tool: tool.name }, apiError.message);
    return {
      ok: false,
      status: apiError.status,
      error: {
        code: apiError.code,
        message: apiError.message,
        request_id: String(request.id),
        ...(apiError.extra.fields ? { fields: apiError.extra.fields } : {}),
      },
    };
  }
}
