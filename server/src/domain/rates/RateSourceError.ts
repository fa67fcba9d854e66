/** A rate source failed: network error, timeout, HTTP error status or malformed answer. */
export class RateSourceError extends Error {
  override readonly name = 'RateSourceError';
  /** Stable machine-readable reason. */
  readonly code:
    | 'RATE_SOURCE_HTTP'
    | 'RATE_SOURCE_MALFORMED'
    | 'RATE_SOURCE_TIMEOUT'
    | 'RATE_SOURCE_REJECTED';

  constructor(code: RateSourceError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
