import type { ERROR_CODES } from '@cairn/contract';
import { CairnError, type CairnErrorInit } from './CairnError.js';
import type { ApiErrorCode } from './errorCodes.js';

/** The API error codes that come with a 5xx status. */
export type ServerErrorCode = {
  [K in ApiErrorCode]: `${(typeof ERROR_CODES)[K]['status']}` extends `5${string}` ? K : never;
}[ApiErrorCode];

/**
 * The gateway failed or is temporarily unavailable (HTTP 5xx: `INTERNAL_ERROR`,
 * `SERVICE_UNAVAILABLE`, `CHAIN_UNAVAILABLE`, `RATE_UNAVAILABLE`). The SDK retried with backoff
 * (the same idempotency key each time) before throwing this.
 *
 * @example
 * ```ts
 * import { Cairn, ServerError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 * try {
 *   await cairn.payments.create({ fiat_amount: '25.00', fiat_currency: 'EUR' });
 * } catch (error) {
 *   if (error instanceof ServerError) console.log('Gateway unavailable, request id', error.requestId);
 * }
 * ```
 */
export class ServerError extends CairnError {
  override readonly name: string = 'ServerError';
  declare readonly code: ServerErrorCode | 'HTTP_ERROR';
  /** Seconds the gateway asked to wait (from `Retry-After`), if it said. */
  readonly retryAfter: number | undefined;

  constructor(init: CairnErrorInit & { readonly retryAfter?: number | undefined }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}
