import type { FieldError } from '@cairn/contract';
import { CairnError, type CairnErrorInit } from './CairnError.js';
import type { ApiErrorCodeForStatus } from './errorCodes.js';

/**
 * The request was rejected as invalid (HTTP 400, 413, 415 or 422): `VALIDATION_ERROR` with `fields`,
 * `INVALID_REQUEST`, `PAYLOAD_TOO_LARGE`, `UNSUPPORTED_MEDIA_TYPE`, or a business rule such as
 * `RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST`, `COIN_NOT_IN_ACCEPTED_SET` or `CURRENCY_NOT_SUPPORTED`
 * (no rate source of the gateway prices the fiat currency; use another). Not retried.
 *
 * @example
 * ```ts
 * import { Cairn, ValidationError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 * try {
 *   await cairn.payments.create({ fiat_amount: '12.345', fiat_currency: 'EUR' });
 * } catch (error) {
 *   if (error instanceof ValidationError) {
 *     for (const { field, message } of error.fields) console.log(`${field}: ${message}`);
 *   }
 * }
 * ```
 */
export class ValidationError extends CairnError {
  override readonly name: string = 'ValidationError';
  declare readonly code: ApiErrorCodeForStatus<400 | 413 | 415 | 422> | 'HTTP_ERROR';
  /** Each offending field, as a dotted path such as `accepted_tokens.0` (empty when none is named). */
  readonly fields: readonly FieldError[];

  constructor(init: CairnErrorInit & { readonly fields?: readonly FieldError[] | undefined }) {
    super(init);
    this.fields = init.fields ?? [];
  }
}
