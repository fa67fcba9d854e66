import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Gateway } from '../gateway/Gateway.js';
import type { AuthContext } from './AuthContext.js';
import { authenticate } from './authenticate.js';
import { type AuthThrottle, createAuthThrottle } from './createAuthThrottle.js';
import { createMemoryAuthFailureBudget } from './createMemoryAuthFailureBudget.js';
import { createRedisAuthFailureBudget } from './createRedisAuthFailureBudget.js';
import { KeyCache } from './KeyCache.js';
import { KeyUsageRecorder } from './KeyUsageRecorder.js';

/** How the API and the MCP endpoint read the key of a request, each with one of these. */
export interface KeyAuthenticator {
  /**
   * Reads the request's key from the database (401 or 403 as `authenticate` decides) and sets
   * `request.auth`, whose `recheck()` reads it again (create-payment's insert may ask).
   */
  authenticate(request: FastifyRequest): Promise<AuthContext>;
  /**
   * Runs an authentication under the per-address budget of failed authentications: past it, 429
   * RATE_LIMITED without a lookup (off when CAIRN_AUTH_FAILURES_PER_MINUTE is 0).
   */
  readonly throttle: AuthThrottle;
  /** Keys this process accepted recently (never trusted alone: see `authenticateFromCache`). */
  readonly keyCache: KeyCache;
  /** Notes a use of the key, for the dashboard's "last used" (written at most once a minute per key). */
  recordUse(keyId: string): void;
}

/**
 * The key reading of one surface: its own key cache, the failed-authentication budget (in Redis when
 * given, so shared between instances and surfaces; in memory otherwise) and the usage recorder.
 */
export function createKeyAuthenticator(gateway: Gateway, options: { redis?: Redis } = {}): KeyAuthenticator {
  const keyCache = new KeyCache();
  const usage = new KeyUsageRecorder(gateway.orm, gateway.clock, gateway.log);
  const limit = gateway.config.CAIRN_AUTH_FAILURES_PER_MINUTE;
  const windowMs = 60_000;
  const throttle: AuthThrottle =
    limit === 0
      ? (_request, run) => run()
      : createAuthThrottle({
          budget: options.redis
            ? createRedisAuthFailureBudget({ redis: options.redis, limit, windowMs })
            : createMemoryAuthFailureBudget({ limit, windowMs, clock: gateway.clock }),
          keyCache,
          log: gateway.log,
        });
  const read = async (request: FastifyRequest): Promise<AuthContext> => {
    request.auth = undefined;
    const auth = await authenticate(gateway.orm, request, gateway.clock.now(), keyCache);
    request.auth = { ...auth, recheck: () => read(request) };
    return request.auth;
  };
  return { authenticate: read, throttle, keyCache, recordUse: (keyId) => usage.record(keyId) };
}
