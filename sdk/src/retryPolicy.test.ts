import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConflictError } from './errors/ConflictError.js';
import { ConnectionError } from './errors/ConnectionError.js';
import { errorFromResponse } from './errors/errorFromResponse.js';
import { InvalidResponseError } from './errors/InvalidResponseError.js';
import { RequestAbortedError } from './errors/RequestAbortedError.js';
import { TimeoutError } from './errors/TimeoutError.js';
import { NON_RETRYABLE_CONFLICT_CODES, RetryPolicy } from './retryPolicy.js';

const response = (status: number, code: string, retryAfter?: number) =>
  errorFromResponse({
    status,
    body: { error: { code, message: 'x' } },
    requestId: undefined,
    retryAfter,
  });

describe('RetryPolicy', () => {
  it('keeps full-jitter backoff within [0, min(cap, base * 2^retry)]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 60_000 }),
        (retry, random, baseDelayMs, maxDelayMs) => {
          const policy = new RetryPolicy({ baseDelayMs, maxDelayMs, random: () => random });
          const delay = policy.delayMs(new ConnectionError({ message: 'x' }), retry);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThanOrEqual(Math.min(maxDelayMs, baseDelayMs * 2 ** retry));
        },
      ),
    );
  });

  it('uses defaults of 500 ms base and 8 s cap', () => {
    const policy = new RetryPolicy({ random: () => 1 });
    const error = new TimeoutError({ message: 'x' });
    expect([0, 1, 2, 3, 4, 5, 10].map((retry) => policy.delayMs(error, retry))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it('prefers Retry-After, capped at maxRetryAfterMs', () => {
    const policy = new RetryPolicy({ maxRetryAfterMs: 10_000 });
    expect(policy.delayMs(response(429, 'RATE_LIMITED', 3), 0)).toBe(3_000);
    expect(policy.delayMs(response(503, 'SERVICE_UNAVAILABLE', 90), 0)).toBe(10_000);
  });

  it('retries connection errors, timeouts, 429, 5xx and non-deterministic 409s only', () => {
    const policy = new RetryPolicy();
    const retried = [
      new ConnectionError({ message: 'x' }),
      new TimeoutError({ message: 'x' }),
      response(429, 'RATE_LIMITED'),
      response(500, 'INTERNAL_ERROR'),
      response(502, 'HTTP_ERROR'),
      response(503, 'CHAIN_UNAVAILABLE'),
      response(409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS'),
      response(409, 'SOMETHING_NEW'),
    ];
    const notRetried = [
      ...NON_RETRYABLE_CONFLICT_CODES.map((code) => response(409, code)),
      response(400, 'INVALID_REQUEST'),
      response(401, 'UNAUTHORIZED'),
      response(402, 'INSUFFICIENT_CREDIT'),
      response(403, 'IP_NOT_ALLOWED'),
      response(404, 'NOT_FOUND'),
      response(405, 'METHOD_NOT_ALLOWED'),
      response(422, 'VALIDATION_ERROR'),
      new InvalidResponseError({ message: 'x' }),
      new RequestAbortedError({ message: 'x' }),
    ];
    expect(retried.map((e) => policy.shouldRetry(e))).toEqual(retried.map(() => true));
    expect(notRetried.map((e) => policy.shouldRetry(e))).toEqual(notRetried.map(() => false));
  });

  it('lists exactly the deterministic business conflicts', () => {
    expect([...NON_RETRYABLE_CONFLICT_CODES].sort()).toEqual([
      'CHAIN_ALREADY_SELECTED',
      'IDEMPOTENCY_KEY_REUSED',
      'INVALID_INVOICE_STATE',
      'INVALID_PAYMENT_STATE',
      'INVOICE_NUMBER_TAKEN',
      'PAYMENT_NOT_CANCELLABLE',
    ]);
    expect(response(409, 'PAYMENT_NOT_CANCELLABLE')).toBeInstanceOf(ConflictError);
  });

  it('stops waiting when the signal aborts, even if the injected sleep ignores it', async () => {
    const policy = new RetryPolicy({ sleep: () => new Promise(() => {}) });
    const controller = new AbortController();
    const waiting = policy.wait(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });
});
