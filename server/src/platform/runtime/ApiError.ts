import { ERROR_CODES, type ErrorCode, type FieldError } from '@cairn/contract';

/**
 * The one error class the API raises on purpose. `code` is stable (clients branch on it); the HTTP
 * status comes from the contract's error table, so a code always has the same status.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { fields?: FieldError[]; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.status = ERROR_CODES[code].status;
  }
}

/** 404 for an id that does not exist for the calling key's business and mode. */
export const paymentNotFound = (id: string) =>
  new ApiError('NOT_FOUND', `No payment ${id} for this API key.`);
