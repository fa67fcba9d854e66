import { ERROR_CODES, type ErrorCode } from '@cairn/contract';
import { describe, expect, it, vi } from 'vitest';
import { Cairn } from '../Cairn.js';
import { AuthenticationError } from './AuthenticationError.js';
import { CairnError } from './CairnError.js';
import { ConflictError } from './ConflictError.js';
import { errorFromResponse } from './errorFromResponse.js';
import { InsufficientCreditError } from './InsufficientCreditError.js';
import { NotFoundError } from './NotFoundError.js';
import { PermissionError } from './PermissionError.js';
import { RateLimitError } from './RateLimitError.js';
import { ServerError } from './ServerError.js';
import { ValidationError } from './ValidationError.js';

const CLASS_BY_STATUS: Record<number, typeof CairnError> = {
  400: ValidationError,
  401: AuthenticationError,
  402: InsufficientCreditError,
  403: PermissionError,
  404: NotFoundError,
  405: CairnError,
  409: ConflictError,
  413: ValidationError,
  415: ValidationError,
  422: ValidationError,
  429: RateLimitError,
  500: ServerError,
  502: ServerError,
  503: ServerError,
  504: ServerError,
};

const NAME_BY_CLASS = new Map<typeof CairnError, string>([
  [CairnError, 'CairnError'],
  [ValidationError, 'ValidationError'],
  [AuthenticationError, 'AuthenticationError'],
  [InsufficientCreditError, 'InsufficientCreditError'],
  [PermissionError, 'PermissionError'],
  [NotFoundError, 'NotFoundError'],
  [ConflictError, 'ConflictError'],
  [RateLimitError, 'RateLimitError'],
  [ServerError, 'ServerError'],
]);

describe('errorFromResponse', () => {
  it.each(Object.entries(CLASS_BY_STATUS))('maps HTTP %s to its class', (status, errorClass) => {
    const error = errorFromResponse({
      status: Number(status),
      body: { error: { code: 'SOMETHING', message: 'Something happened', request_id: 'req_body' } },
      requestId: undefined,
      retryAfter: undefined,
    });
    expect(error.constructor).toBe(errorClass);
    expect(error).toBeInstanceOf(CairnError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(NAME_BY_CLASS.get(errorClass));
    expect(error).toMatchObject({
      status: Number(status),
      message: 'Something happened',
      requestId: 'req_body',
    });
  });

  it.each(Object.entries(ERROR_CODES) as [ErrorCode, { status: number }][])(
    'maps %s (HTTP %o) to the class of its status with the code',
    (code, { status }) => {
      const error = errorFromResponse({
        status,
        body: { error: { code, message: 'm' } },
        requestId: 'req_header',
        retryAfter: undefined,
      });
      expect(error.constructor).toBe(CLASS_BY_STATUS[status]);
      expect(error.code).toBe(code);
      expect(error.requestId).toBe('req_header');
    },
  );

  it('prefers the x-request-id header over the body and keeps the raw body', () => {
    const body = { error: { code: 'NOT_FOUND', message: 'No such payment', request_id: 'req_body' } };
    const error = errorFromResponse({ status: 404, body, requestId: 'req_header', retryAfter: undefined });
    expect(error.requestId).toBe('req_header');
    expect(error.raw).toBe(body);
  });

  it('carries the fields of a validation error', () => {
    const error = errorFromResponse({
      status: 422,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'invalid',
          fields: [{ field: 'fiat_amount', message: 'must be a decimal string' }],
        },
      },
      requestId: undefined,
      retryAfter: undefined,
    });
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual([
      { field: 'fiat_amount', message: 'must be a decimal string' },
    ]);
  });

  it('carries retryAfter on 429 and 503', () => {
    const make = (status: number) =>
      errorFromResponse({ status, body: undefined, requestId: undefined, retryAfter: 12 });
    expect((make(429) as RateLimitError).retryAfter).toBe(12);
    expect((make(503) as ServerError).retryAfter).toBe(12);
  });

  it('uses HTTP_ERROR when the body is not a Cairn error', () => {
    for (const body of ['<html>502 Bad Gateway</html>', undefined, { message: 'nope' }]) {
      const error = errorFromResponse({ status: 502, body, requestId: undefined, retryAfter: undefined });
      expect(error).toBeInstanceOf(ServerError);
      expect(error.code).toBe('HTTP_ERROR');
      expect(error.message).toContain('502');
      expect(error.raw).toBe(body);
    }
  });

  it('is what the client throws for each status', async () => {
    for (const [status, errorClass] of Object.entries(CLASS_BY_STATUS)) {
      const fetch = vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'X', message: 'm' } }), {
            status: Number(status),
            headers: { 'x-request-id': `req_${status}` },
          }),
      );
      const cairn = new Cairn({ apiKey: 'pk_test_abc', fetch, maxRetries: 0 });
      const error = await cairn.payments
        .retrieve('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(errorClass);
      expect(error).toMatchObject({ status: Number(status), requestId: `req_${status}` });
    }
  });
});
