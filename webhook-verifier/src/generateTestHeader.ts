import { randomUUID } from 'node:crypto';
import { serializeTestEvent } from './serializeTestEvent.js';
import { signWebhook } from './signWebhook.js';
import type { GenerateTestHeaderOptions, TestHeader } from './types.js';

/**
 * Builds a signed delivery for your own tests: serializes the event (filling `id`, `created_at` and
 * `data` when omitted) and signs it. Node.js, synchronous.
 *
 * @example
 * ```ts
 * import { generateTestHeader, verifyWebhook } from '@cairn/webhook-verifier';
 *
 * const secret = 'whsec_test_secret';
 * const { body, header } = generateTestHeader({
 *   event: { event: 'payment.confirmed', data: { id: 'pay_123' } },
 *   secret,
 * });
 * console.log(verifyWebhook({ payload: body, header, secret }).data); // { id: 'pay_123' }
 * // Or POST it to your receiver in an integration test:
 * // await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-webhook-signature': header } });
 * ```
 */
export function generateTestHeader(options: GenerateTestHeaderOptions): TestHeader {
  const body = serializeTestEvent(options.event, randomUUID);
  const header = signWebhook({ ...options, payload: body });
  return { body, header };
}
