import { ErrorBodySchema } from '@cairn/contract';
import { AuthenticationError } from './AuthenticationError.js';
import { CairnError, type CairnErrorInit } from './CairnError.js';
import { ConflictError } from './ConflictError.js';
import type { CairnErrorCode } from './errorCodes.js';
import { InsufficientCreditError } from './InsufficientCreditError.js';
import { NotFoundError } from './NotFoundError.js';
import { PermissionError } from './PermissionError.js';
import { RateLimitError } from './RateLimitError.js';
import { ServerError } from './ServerError.js';
import { ValidationError } from './ValidationError.js';

/** An HTTP response with a non-2xx status, as far as error mapping needs it. */
export interface ErrorResponse {
  readonly status: number;
  /** Parsed JSON body, or the body text when it was not JSON. */
  readonly body: unknown;
  /** The `x-request-id` response header. */
  readonly requestId: string | undefined;
  /** Seconds from the `Retry-After` header. */
  readonly retryAfter: number | undefined;
}

/**
 * Maps an error response to the typed error class of its status: 401 {@link AuthenticationError},
 * 402 {@link InsufficientCreditError}, 403 {@link PermissionError}, 404 {@link NotFoundError},
 * 409 {@link ConflictError}, 400/413/415/422 {@link ValidationError}, 429 {@link RateLimitError},
 * 5xx {@link ServerError}, anything else the base {@link CairnError}. The code is the body's
 * `error.code`; a body that is not a Cairn error gives `HTTP_ERROR`.
 */
export function errorFromResponse(response: ErrorResponse): CairnError {
  const { status, body, retryAfter } = response;
  const parsed = ErrorBodySchema.safeParse(body);
  const error = parsed.success ? parsed.data.error : undefined;
  const init: CairnErrorInit = {
    message: error?.message ?? `HTTP ${status} without a Cairn error body`,
    code: (error?.code ?? 'HTTP_ERROR') as CairnErrorCode,
    status,
    requestId: response.requestId ?? error?.request_id,
    raw: body,
  };
  switch (status) {
    case 400:
    case 413:
    case 415:
    case 422:
      return new ValidationError({ ...init, fields: error?.fields });
    case 401:
      return new AuthenticationError(init);
    case 402:
      return new InsufficientCreditError(init);
    case 403:
      return new PermissionError(init);
    case 404:
      return new NotFoundError(init);
    case 409:
      return new ConflictError(init);
    case 429:
      return new RateLimitError({ ...init, retryAfter });
    default:
      return status >= 500 ? new ServerError({ ...init, retryAfter }) : new CairnError(init);
  }
}
