import type { ErrorBody, FieldError } from '@cairn/contract';
import { RequestValidationError } from '@ts-rest/fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../platform/runtime/ApiError.js';
import { databaseOutage } from './databaseOutage.js';

interface Issue {
  readonly path?: readonly (PropertyKey | { key: PropertyKey })[];
  readonly message: string;
  readonly code?: string;
  /** Set on `unrecognized_keys` issues: the unknown keys. */
  readonly keys?: readonly string[];
}

function fieldsOf(error: { issues?: readonly Issue[] } | null, prefix = ''): FieldError[] {
  return (error?.issues ?? []).flatMap((issue) => {
    const path = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p));
    const field = (segments: readonly string[]) =>
      prefix + segments.join('.') || prefix.replace(/\.$/, '') || 'body';
    // An unknown field is named itself, not its parent object.
    if (issue.code === 'unrecognized_keys' && issue.keys && issue.keys.length > 0) {
      return issue.keys.map((key) => ({ field: field([...path, key]), message: 'is not a known field' }));
    }
    return [{ field: field(path), message: issue.message }];
  });
}

/** Turns ts-rest's request validation failure into our error: bad ids are 404, the rest 422. */
export function fromValidationError(error: RequestValidationError): ApiError {
  if (error.pathParams)
    return new ApiError('NOT_FOUND', 'No such resource: the id in the path is not a valid id of its kind.');
  const fields = [
    ...fieldsOf(error.body as { issues?: readonly Issue[] } | null),
    ...fieldsOf(error.query as { issues?: readonly Issue[] } | null),
    ...fieldsOf(error.headers as { issues?: readonly Issue[] } | null, 'header.'),
  ];
  const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return new ApiError('VALIDATION_ERROR', `The request is invalid: ${summary}`, { fields });
}

/**
 * The 503 for a request that failed because the database is unreachable or its connection was lost
 * (see databaseOutage): retryable, with Retry-After. The reason stays in the log (it names
 * hosts and ports), not in the answer.
 */
export function databaseUnavailable(cause: unknown, retryAfterSeconds: number): ApiError {
  return new ApiError(
    'SERVICE_UNAVAILABLE',
    'The service cannot reach its database right now. Retry after the Retry-After delay; with the same Idempotency-Key a retry is safe.',
    { retryAfterSeconds, cause },
  );
}

/**
 * Maps framework errors (bad JSON, size, media type) to API errors; an unreachable database is a 503;
 * anything else unknown is a 500.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof RequestValidationError) return fromValidationError(error);
  const outage = databaseOutage(error);
  if (outage) return databaseUnavailable(error, outage.retryAfterSeconds);
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.statusCode) {
    case 400:
      return new ApiError(
        'INVALID_REQUEST',
        `The request body is not valid JSON: ${fastifyError.message ?? ''}`.trim(),
      );
    case 404:
      return new ApiError('NOT_FOUND', 'No such route.');
    case 413:
      return new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 415:
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.');
    case 429:
      return new ApiError(
        'RATE_LIMITED',
        'Rate limit exceeded for this API key; retry after the Retry-After header.',
      );
    default:
      return new ApiError('INTERNAL_ERROR', 'An unexpected error occurred. It is safe to retry.', {
        cause: error,
      });
  }
}

/** The error handler of every scope: one error shape, a request id, no stack traces to clients. */
export function renderError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const apiError = toApiError(error);
  const databaseDown = apiError.code === 'SERVICE_UNAVAILABLE' ? databaseOutage(error)?.reason : undefined;
  if (databaseDown) request.log.warn({ err: error, reason: databaseDown }, 'database unavailable');
  else if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: apiError.code }, apiError.message);
  const body: ErrorBody = {
    error: {
      code: apiError.code,
      message: apiError.message,
      request_id: String(request.id),
      ...(apiError.extra.fields ? { fields: apiError.extra.fields } : {}),
    },
  };
  if (apiError.extra.retryAfterSeconds !== undefined)
    reply.header('retry-after', apiError.extra.retryAfterSeconds);
  return reply.status(apiError.status).send(body);
}
