import { CairnError, type CairnErrorInit } from './CairnError.js';

/**
 * A 2xx response whose body is not valid JSON or does not match the API contract (`INVALID_RESPONSE`),
 * for example when `baseUrl` points at something other than a Cairn gateway or the gateway is newer
 * than this SDK. Not retried; `cause` holds the schema issues and `raw` the body.
 *
 * @example
 * ```ts
 * import { Cairn, InvalidResponseError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 * try {
 *   await cairn.payments.list();
 * } catch (error) {
 *   if (error instanceof InvalidResponseError) console.error('Unexpected body', error.raw, error.cause);
 * }
 * ```
 */
export class InvalidResponseError extends CairnError {
  override readonly name: string = 'InvalidResponseError';
  declare readonly code: 'INVALID_RESPONSE';

  constructor(init: Omit<CairnErrorInit, 'code'>) {
    super({ ...init, code: 'INVALID_RESPONSE' });
  }
}
