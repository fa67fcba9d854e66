import { CairnError, type CairnErrorInit } from './CairnError.js';

/**
 * The caller's `AbortSignal` fired (`ABORTED`). The request stops at once and is not retried; `cause`
 * holds the signal's reason. Its `name` is `AbortError`, like the platform's abort errors, so generic
 * `error.name === 'AbortError'` checks keep working.
 *
 * @example
 * ```ts
 * import { Cairn, RequestAbortedError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 * const controller = new AbortController();
 * setTimeout(() => controller.abort(), 100);
 * try {
 *   await cairn.payments.list({}, { signal: controller.signal });
 * } catch (error) {
 *   if (error instanceof RequestAbortedError) console.log('Cancelled by the caller');
 * }
 * ```
 */
export class RequestAbortedError extends CairnError {
  override readonly name: string = 'AbortError';
  declare readonly code: 'ABORTED';

  constructor(init: Omit<CairnErrorInit, 'code'>) {
    super({ ...init, code: 'ABORTED' });
  }
}
