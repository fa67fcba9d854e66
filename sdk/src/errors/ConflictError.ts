import { CairnError } from './CairnError.js';
import type { ApiErrorCodeForStatus } from './errorCodes.js';

/**
 * The request conflicts with the current state (HTTP 409).
 *
 * The SDK retries a 409 automatically (with the same idempotency key) unless its code is a
 * deterministic business conflict that a retry cannot fix: `PAYMENT_NOT_CANCELLABLE`,
 * `CHAIN_ALREADY_SELECTED`, `INVALID_PAYMENT_STATE`, `IDEMPOTENCY_KEY_REUSED`, `INVALID_INVOICE_STATE`
 * and `INVOICE_NUMBER_TAKEN`. Those reach you at
 * once; `IDEMPOTENCY_REQUEST_IN_PROGRESS` and unknown 409 codes are retried first.
 *
 * @example
 * ```ts
 * import { Cairn, ConflictError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 * try {
 *   await cairn.payments.cancel('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a');
 * } catch (error) {
 *   if (error instanceof ConflictError && error.code === 'PAYMENT_NOT_CANCELLABLE') {
 *     console.log('Funds were already detected; wait for the outcome instead.');
 *   }
 * }
 * ```
 */
export class ConflictError extends CairnError {
  override readonly name: string = 'ConflictError';
  declare readonly code: ApiErrorCodeForStatus<409> | 'HTTP_ERROR';
}
