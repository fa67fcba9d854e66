import { CairnError, type CairnErrorInit } from './CairnError.js';

/**
 * No HTTP response arrived: DNS failure, refused or dropped connection, TLS failure (`CONNECTION_ERROR`).
 * The SDK retried with backoff before throwing this; `cause` holds the runtime's error.
 *
 * @example
 * ```ts
 * import { Cairn, ConnectionError } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY!, baseUrl: 'http://127.0.0.1:9' });
 * try {
 *   await cairn.payments.list();
 * } catch (error) {
 *   if (error instanceof ConnectionError) console.log('Gateway unreachable:', error.cause);
 * }
 * ```
 */
export class ConnectionError extends CairnError {
  override readonly name: string = 'ConnectionError';
  declare readonly code: 'CONNECTION_ERROR';

  constructor(init: Omit<CairnErrorInit, 'code'>) {
    super({ ...init, code: 'CONNECTION_ERROR' });
  }
}
