import { CairnError } from './CairnError.js';
import type { ApiErrorCodeForStatus } from './errorCodes.js';

/**
 * No such resource for this key and mode (HTTP 404, `NOT_FOUND`). A test key never sees live payments
 * and vice versa. Not retried.
 *
 * @example
 * ```ts
 * import { Cairn, NotFoundError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 * try {
 *   await cairn.payments.retrieve('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a');
 * } catch (error) {
 *   if (error instanceof NotFoundError) {
 *     console.log('No such payment in this mode');
 *   }
 * }
 * ```
 */
export class NotFoundError extends CairnError {
  override readonly name: string = 'NotFoundError';
  declare readonly code: ApiErrorCodeForStatus<404> | 'HTTP_ERROR';
}
