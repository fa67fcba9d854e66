import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { ApiError } from '../platform/runtime/ApiError.js';

/**
 * The per-key rate limit of the merchant API and the MCP endpoint, registered the same way on both
 * (the only place it is written): `max` requests a minute per `keyOf` (the API key), checked after authentication, answered 429 RATE_LIMITED with Retry-After and the
 * draft RateLimit headers. With Redis the count lives there under one namespace, so a key has one
 * budget across instances and across REST and MCP together.
 */
export async function registerKeyRateLimit(
  scope: FastifyInstance,
  options: {
    readonly max: number;
    /** The key a request counts against: the authenticated API key's id, else the caller's address. */
    readonly keyOf: (request: FastifyRequest) => string;
    readonly redis?: Redis | undefined;
  },
): Promise<void> {
  await scope.register(rateLimit, {
    hook: 'preHandler',
    max: options.max,
    timeWindow: 60_000,
    keyGenerator: options.keyOf,
    enableDraftSpec: true,
    ...(options.redis ? { redis: options.redis, nameSpace: 'cairn-rate-limit:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        'RATE_LIMITED',
        `Rate limit of ${context.max} requests per minute exceeded; retry in ${context.after}.`,
      ),
  });
}
