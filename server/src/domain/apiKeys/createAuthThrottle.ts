import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/runtime/ApiError.js';
import { addressGroup } from '../../web/addressGroup.js';
import type { AuthFailureBudget } from './AuthFailureBudget.js';
import { readBearerKey } from './bearerKey.js';
import type { KeyCache } from './KeyCache.js';

/** Runs one authentication of a request under the per-address budget of failed authentications. */
export type AuthThrottle = <T>(request: FastifyRequest, authenticate: () => Promise<T>) => Promise<T>;

/** Whether the request carries a key this process accepted recently (it never spends the budget). */
function carriesKnownKey(request: FastifyRequest, keyCache: KeyCache): boolean {
  try {
    return keyCache.get(readBearerKey(request).hash) !== undefined;
  } catch {
    return false; // missing or malformed: a 401 of its own
  }
}

/**
 * Wraps authentication so that wrong keys cannot be tried without limit from one address (each costs
 * a database lookup): an attempt with a key not in the key cache takes a unit of the address's
 * budget before the lookup and gives it back unless the answer is 401. Once the budget is spent, such
 * attempts are refused with 429 RATE_LIMITED and Retry-After, without a lookup, until the window ends;
 * keys the process accepted recently keep working. If the budget's store fails (Redis down), the
 * attempt goes ahead: authentication never depends on it.
 */
export function createAuthThrottle(options: {
  readonly budget: AuthFailureBudget;
  readonly keyCache: KeyCache;
  readonly log: FastifyBaseLogger;
}): AuthThrottle {
  const { budget, keyCache, log } = options;
  return async (request, authenticate) => {
    if (carriesKnownKey(request, keyCache)) return authenticate();
    const address = addressGroup(request.ip);
    let retryAfter: number | undefined;
    let taken = false;
    try {
      retryAfter = await budget.take(address);
      taken = retryAfter === undefined;
    } catch (error) {
      log.warn({ err: error }, 'failed-authentication budget unavailable; not enforced for this request');
    }
    if (retryAfter !== undefined) {
      throw new ApiError(
        'RATE_LIMITED',
        `Too many failed authentications from this address; retry in ${retryAfter} s with a valid API key.`,
        { retryAfterSeconds: retryAfter },
      );
    }
    let failedAuthentication = false;
    try {
      return await authenticate();
    } catch (error) {
      failedAuthentication = error instanceof ApiError && error.code === 'UNAUTHORIZED';
      throw error;
    } finally {
      if (taken && !failedAuthentication) {
        await budget.refund(address).catch((error: unknown) => {
          log.warn({ err: error }, 'failed-authentication budget refund failed');
        });
      }
    }
  };
}
