import { CairnError, type CairnErrorInit } from './CairnError.js';

/**
 * An attempt took longer than `timeoutMs` and was aborted (`TIMEOUT`). Each attempt has its own
 * timeout; the SDK retried (reusing the idempotency key, so a POST is never applied twice) before
 * throwing this.
 *
 * @example
 * ```ts
 * import { Cairn, TimeoutError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY!, timeoutMs: 5_000 });
 * try {
 *   await cairn.payments.list();
 * } catch (error) {
 *   if (error instanceof TimeoutError) console.log('The gateway did not answer in 5 s');
 * }
 * ```
 */
export class TimeoutError extends CairnError {
  override readonly name: string = 'TimeoutError';
  declare readonly code: 'TIMEOUT';

  constructor(init: Omit<CairnErrorInit, 'code'>) {
    super({ ...init, code: 'TIMEOUT' });
  }
}
