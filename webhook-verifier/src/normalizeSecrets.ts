import type { WebhookSecret } from './types.js';

/**
 * Returns the secrets as an array.
 *
 * @throws TypeError when no secret is given (e.g. an unset environment variable): a configuration
 * error, so let it surface as a 500 (the delivery will be retried) rather than answering 400.
 */
export function normalizeSecrets(secret: WebhookSecret): readonly string[] {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (!secrets[0]) throw new TypeError('No webhook secret');
  return secrets;
}
