import { type ApiContract, IDEMPOTENCY_KEY_HEADER } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServerInferRequest, ServerInferResponses } from '@ts-rest/core';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../apiKeys/AuthContext.js';
import { type HandlerResult, requestFingerprint, withIdempotency } from '../apiKeys/withIdempotency.js';
import type { Gateway } from '../gateway/Gateway.js';

/**
 * What a merchant API handler reads of its request: the authenticated key, the headers (for the
 * Idempotency-Key), and the method, URL and body (the idempotency fingerprint). A fastify request is
 * one; the MCP endpoint builds one for each tool call (see callApiRoute).
 */
export type ApiCallRequest = Pick<FastifyRequest, 'auth' | 'headers' | 'method' | 'url' | 'body'>;

/** What a handler sets on its answer: the `idempotent-replayed` header. */
export interface ApiCallReply {
  header(name: string, value: string): unknown;
}

/** One route's handler: its validated parameters, query and body in, its 2xx answer out. */
export type ApiHandler<K extends keyof ApiContract> = (
  args: ServerInferRequest<ApiContract[K]> & { request: ApiCallRequest; reply: ApiCallReply },
) => Promise<ServerInferResponses<ApiContract[K]>>;

/** Every route of the merchant API contract, by name. */
export type ApiHandlers = { [K in keyof ApiContract]: ApiHandler<K> };

/** The key a handler runs for: authentication set it before any handler runs. */
export const authOf = (request: ApiCallRequest): AuthContext => request.auth!;

/**
 * Runs a POST once per Idempotency-Key (see withIdempotency); a replayed response is marked with
 * `idempotent-replayed: true`. `run` makes its change in the transaction it is given (`tx`, with a
 * key), which stores the response before it commits. Returns the handler's result type.
 */
export async function runIdempotent<R extends HandlerResult>(
  gateway: Gateway,
  request: ApiCallRequest,
  reply: ApiCallReply,
  run: (tx?: EntityManager) => Promise<R>,
): Promise<R> {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  // Most requests carry no key: fingerprint (hash) the request only when one is given.
  if (typeof key !== 'string') return run();
  const fingerprint = requestFingerprint(request.method, request.url, request.body);
  const result = await withIdempotency(gateway, authOf(request), key, fingerprint, run);
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return result as R;
}
