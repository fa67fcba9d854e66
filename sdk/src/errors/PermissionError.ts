import { CairnError } from './CairnError.js';
import type { ApiErrorCodeForStatus } from './errorCodes.js';

/**
 * The key may not make this call, for example the caller's IP is not in the key's allowlist (HTTP 403,
 * `IP_NOT_ALLOWED`). Not retried.
 *
 * @example
 * ```ts
 * import { Cairn, PermissionError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 * try {
 *   await cairn.payments.retrieve('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a');
 * } catch (error) {
 *   if (error instanceof PermissionError && error.code === 'IP_NOT_ALLOWED') {
 *     console.error('Add this server to the API key IP allowlist.');
 *   }
 * }
 * ```
 */
export class PermissionError extends CairnError {
  override readonly name: string = 'PermissionError';
  declare readonly code: ApiErrorCodeForStatus<403> | 'HTTP_ERROR';
}
