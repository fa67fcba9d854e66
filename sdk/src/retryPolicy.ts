import { delay } from './delay.js';
import type { CairnError } from './errors/CairnError.js';
import { ConflictError } from './errors/ConflictError.js';
import { ConnectionError } from './errors/ConnectionError.js';
import { RateLimitError } from './errors/RateLimitError.js';
import { ServerError } from './errors/ServerError.js';
import { TimeoutError } from './errors/TimeoutError.js';

/**
 * 409 codes that are deterministic business conflicts: retrying cannot change the outcome, so the SDK
 * throws them at once. Every other 409 (notably `IDEMPOTENCY_REQUEST_IN_PROGRESS`) is retried.
 *
 * @example
 * ```ts
 * import { ConflictError, NON_RETRYABLE_CONFLICT_CODES } from '@cairn/sdk';
 *
 * function isFinalConflict(error: unknown): boolean {
 *   return error instanceof ConflictError && NON_RETRYABLE_CONFLICT_CODES.includes(error.code);
 * }
 * console.log(isFinalConflict(new Error('not a conflict'))); // false
 * ```
 */
export const NON_RETRYABLE_CONFLICT_CODES: readonly ConflictError['code'][] = [
  'PAYMENT_NOT_CANCELLABLE',
  'CHAIN_ALREADY_SELECTED',
  'INVALID_PAYMENT_STATE',
  'IDEMPOTENCY_KEY_REUSED',
  'INVALID_INVOICE_STATE',
  'INVOICE_NUMBER_TAKEN',
];

/** Tuning of the automatic retries. Every field is optional. */
export interface RetryOptions {
  /** Backoff base: the n-th retry waits up to `baseDelayMs * 2^n` (default 500). */
  readonly baseDelayMs?: number | undefined;
  /** Backoff cap (default 8000). */
  readonly maxDelayMs?: number | undefined;
  /** Longest wait a `Retry-After` header can impose (default 60000). */
  readonly maxRetryAfterMs?: number | undefined;
  /**
   * Waits between attempts (default: a `setTimeout` that the signal cancels). Inject one to make
   * tests instant or to log waits. The SDK stops waiting when the caller's signal aborts even if this
   * function ignores `signal`.
   */
  readonly sleep?: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined;
  /** Random source in [0, 1) for the jitter (default `Math.random`). */
  readonly random?: (() => number) | undefined;
}

/**
 * Decides which failures are retried and how long to wait: capped exponential backoff with full
 * jitter (`random() * min(maxDelayMs, baseDelayMs * 2^retry)`), or the `Retry-After` the gateway sent
 * (capped at `maxRetryAfterMs`). Retried: connection errors, timeouts, 429, 5xx and 409 except
 * {@link NON_RETRYABLE_CONFLICT_CODES}.
 */
export class RetryPolicy {
  readonly #baseDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #maxRetryAfterMs: number;
  readonly #sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly #random: () => number;

  constructor(options: RetryOptions = {}) {
    this.#baseDelayMs = options.baseDelayMs ?? 500;
    this.#maxDelayMs = options.maxDelayMs ?? 8_000;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.#sleep = options.sleep ?? delay;
    this.#random = options.random ?? Math.random;
  }

  /** Whether a failed attempt may be tried again. */
  shouldRetry(error: CairnError): boolean {
    if (error instanceof ConflictError) return !NON_RETRYABLE_CONFLICT_CODES.includes(error.code);
    return (
      error instanceof ConnectionError ||
      error instanceof TimeoutError ||
      error instanceof RateLimitError ||
      error instanceof ServerError
    );
  }

  /** Milliseconds to wait before retry number `retry` (0 for the first retry). */
  delayMs(error: CairnError, retry: number): number {
    const retryAfter =
      error instanceof RateLimitError || error instanceof ServerError ? error.retryAfter : undefined;
    if (retryAfter !== undefined) return Math.min(retryAfter * 1000, this.#maxRetryAfterMs);
    return this.#random() * Math.min(this.#maxDelayMs, this.#baseDelayMs * 2 ** retry);
  }

  /** Waits `ms`, rejecting with the signal's reason as soon as `signal` aborts. */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      this.#sleep(ms, signal).then(
        () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }
}
