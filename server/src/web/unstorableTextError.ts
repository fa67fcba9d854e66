import { ApiError } from '../platform/runtime/ApiError.js';
import { findUnstorableText } from './findUnstorableText.js';

/**
 * The 422 for a request whose body or query holds text PostgreSQL cannot store (see
 * {@link findUnstorableText}); undefined when there is none.
 */
export function unstorableTextError(body: unknown, query: unknown): ApiError | undefined {
  const fields = [...findUnstorableText(body), ...findUnstorableText(query)];
  if (fields.length === 0) return undefined;
  return new ApiError(
    'VALIDATION_ERROR',
    `The request is invalid: ${fields.join(', ')}: must not contain NUL characters or unpaired surrogates.`,
    {
      fields: fields.map((field) => ({
        field,
        message: 'must not contain NUL characters or unpaired surrogates',
      })),
    },
  );
}
