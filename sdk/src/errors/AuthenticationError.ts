import { CairnError } from './CairnError.js';
import type { ApiErrorCodeForStatus } from './errorCodes.js';

/**
 * The API key is missing, malformed, revoked or wrong (HTTP 401, `UNAUTHORIZED`). Not retried. Treat a
 * key that starts failing this way as revoked.
 *
 * @example
 * ```ts
 * import { Cairn, AuthenticationError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 * try {
 *   await cairn.payments.retrieve('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a');
 * } catch (error) {
 *   if (error instanceof AuthenticationError) {
 *     console.error('Check CAIRN_API_KEY: the gateway rejected it.');
 *   }
 * }
 * ```
 */
export class AuthenticationError extends CairnError {
  override readonly name: string = 'AuthenticationError';
  declare readonly code: ApiErrorCodeForStatus<401> | 'HTTP_ERROR';
}
