import { computeHmacSha256 } from './computeHmacSha256.js';
import { encodeHex } from './encodeHex.js';
import { normalizeSecrets } from './normalizeSecrets.js';
import { readPayload } from './readPayload.js';
import { toUnixSeconds } from './toUnixSeconds.js';
import type { SignWebhookOptions } from './types.js';

/**
 * Computes an `X-Webhook-Signature` value with WebCrypto: one `v1` per secret. Exported as
 * `signWebhook` from `@cairn/webhook-verifier/web`.
 *
 * @example
 * ```ts
 * import { signWebhook } from '@cairn/webhook-verifier/web';
 *
 * const header = await signWebhook({ payload: '{"id":"evt_1"}', secret: 'whsec_test', timestamp: 1700000000 });
 * console.log(header); // 't=1700000000,v1=<64 hex>'
 * ```
 */
export async function signWebhookAsync(options: SignWebhookOptions): Promise<string> {
  const payload = readPayload(options.payload);
  const timestamp = toUnixSeconds(options.timestamp);
  const signatures = await Promise.all(
    normalizeSecrets(options.secret).map(
      async (secret) => `v1=${encodeHex(await computeHmacSha256(secret, `${timestamp}.`, payload))}`,
    ),
  );
  return `t=${timestamp},${signatures}`;
}
