import { serializeTestEvent } from './serializeTestEvent.js';
import { signWebhookAsync } from './signWebhookAsync.js';
import type { GenerateTestHeaderOptions, TestHeader } from './types.js';

/**
 * Builds a signed delivery for your own tests with WebCrypto. Exported as `generateTestHeader` from
 * `@cairn/webhook-verifier/web`.
 *
 * @example
 * ```ts
 * import { generateTestHeader, verifyWebhook } from '@cairn/webhook-verifier/web';
 *
 * const secret = 'whsec_test_secret';
 * const { body, header } = await generateTestHeader({ event: { event: 'invoice.paid' }, secret });
 * console.log((await verifyWebhook({ payload: body, header, secret })).event); // 'invoice.paid'
 * ```
 */
export async function generateTestHeaderAsync(options: GenerateTestHeaderOptions): Promise<TestHeader> {
  const body = serializeTestEvent(options.event, () => crypto.randomUUID());
  const header = await signWebhookAsync({ ...options, payload: body });
  return { body, header };
}
