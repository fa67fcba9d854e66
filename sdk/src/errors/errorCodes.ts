import type { ERROR_CODES, ErrorCode } from '@cairn/contract';

/**
 * Every error code the Cairn API returns (`error.code` in an error body), e.g. `PAYMENT_NOT_CANCELLABLE`.
 * Branch on the code, never on the message. A newer gateway may add codes; they arrive as plain strings.
 */
export type ApiErrorCode = ErrorCode;

/**
 * Codes the SDK itself assigns when there is no API error body to read:
 *
 * - `CONNECTION_ERROR`: the request never got an HTTP response (DNS, refused or dropped connection).
 * - `TIMEOUT`: an attempt exceeded `timeoutMs`.
 * - `INVALID_RESPONSE`: a 2xx response whose body does not match the API contract.
 * - `ABORTED`: the caller's `AbortSignal` fired.
 * - `HTTP_ERROR`: an error status whose body is not a Cairn error (for example a proxy's HTML page)
 *   and whose status does not identify a single API code.
 */
export type SdkErrorCode = 'CONNECTION_ERROR' | 'TIMEOUT' | 'INVALID_RESPONSE' | 'ABORTED' | 'HTTP_ERROR';

/** The `code` of any {@link CairnError}: an API error code or an SDK error code. */
export type CairnErrorCode = ApiErrorCode | SdkErrorCode;

/** The API error codes whose HTTP status is one of `TStatus` (e.g. `409` gives the conflict codes). */
export type ApiErrorCodeForStatus<TStatus extends number> = {
  [K in ApiErrorCode]: (typeof ERROR_CODES)[K]['status'] extends TStatus ? K : never;
}[ApiErrorCode];
