import { CairnError, type CairnErrorInit } from './CairnError.js';
import type { ApiErrorCodeForStatus } from './errorCodes.js';

/**
 * The per-key rate limit was exceeded (HTTP 429, `RATE_LIMITED`). The SDK already waited and retried
 * (honouring `Retry-After`) before throwing this; back off further before trying again. Rotating keys
 * to evade the limit is not allowed.
 *
 * @example
 * ```ts
 * import { Cairn, RateLimitError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 * try {
 *   await cairn.payments.list({ limit: 100 });
 * } catch (error) {
 *   if (error instanceof RateLimitError) {
 *     console.log(`Rate limited; the gateway asks to wait ${error.retryAfter ?? 'a few'} seconds`);
 *   }
 * }
 * ```
 */
export class RateLimitError extends CairnError {
  override readonly name: string = 'RateLimitError';
  declare readonly code: ApiErrorCodeForStatus<429> | 'HTTP_ERROR';
  /** Seconds the gateway asked to wait (from `Retry-After`, seconds or HTTP-date), if it said. */
  readonly retryAfter: number | undefined;

  constructor(init: CairnErrorInit & { readonly retryAfter?: number | undefined }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}
