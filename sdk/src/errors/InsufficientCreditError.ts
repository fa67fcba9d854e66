import { CairnError } from './CairnError.js';
import type { ApiErrorCodeForStatus } from './errorCodes.js';

/**
 * The Prepaid Credit reserve of this mode is exhausted (HTTP 402, `INSUFFICIENT_CREDIT`); top it up in
 * the dashboard. Not retried.
 *
 * @example
 * ```ts
 * import { Cairn, InsufficientCreditError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 * try {
 *   await cairn.payments.retrieve('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a');
 * } catch (error) {
 *   if (error instanceof InsufficientCreditError) {
 *     console.error('Top up the Prepaid Credit reserve before creating payments.');
 *   }
 * }
 * ```
 */
export class InsufficientCreditError extends CairnError {
  override readonly name: string = 'InsufficientCreditError';
  declare readonly code: ApiErrorCodeForStatus<402> | 'HTTP_ERROR';
}
