import type { CairnErrorCode } from './errorCodes.js';

/** What every {@link CairnError} is built from. */
export interface CairnErrorInit {
  /** Human-readable explanation (the API's `error.message` when there is one). */
  readonly message: string;
  /** Stable code to branch on. */
  readonly code: CairnErrorCode;
  /** HTTP status of the response, or `undefined` when no response arrived. */
  readonly status?: number | undefined;
  /** The request id from the `x-request-id` header or the error body; quote it when asking for support. */
  readonly requestId?: string | undefined;
  /** The parsed response body (or its text when it was not JSON). */
  readonly raw?: unknown;
  /** The underlying error (network failure, schema mismatch, abort reason). */
  readonly cause?: unknown;
}

/**
 * The base class of every error the SDK throws for a request. Branch on `instanceof` a subclass or on
 * the stable string `code`; never on `message`.
 *
 * @example
 * ```ts
 * import { Cairn, CairnError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 * try {
 *   await cairn.payments.cancel('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a');
 * } catch (error) {
 *   if (error instanceof CairnError && error.code === 'PAYMENT_NOT_CANCELLABLE') {
 *     console.log('Too late to cancel; request id', error.requestId);
 *   } else {
 *     throw error;
 *   }
 * }
 * ```
 */
export class CairnError extends Error {
  override readonly name: string = 'CairnError';
  /** Stable code: an API error code such as `PAYMENT_NOT_CANCELLABLE`, or an SDK code such as `TIMEOUT`. */
  readonly code: CairnErrorCode;
  /** HTTP status, or `undefined` when no response arrived (connection error, timeout, abort). */
  readonly status: number | undefined;
  /** Request id from the `x-request-id` response header, or `error.request_id` in the body. */
  readonly requestId: string | undefined;
  /** The response body as received (parsed JSON, or text when it was not JSON). */
  readonly raw: unknown;

  /**
   * @example
   * ```ts
   * import { CairnError } from '@cairn/sdk';
   *
   * const error = new CairnError({ message: 'Something failed', code: 'INTERNAL_ERROR', status: 500 });
   * console.log(error.code, error.status);
   * ```
   */
  constructor(init: CairnErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.raw = init.raw;
  }
}
