import { computeHmacSha256Node } from './computeHmacSha256Node.js';
import { normalizeSecrets } from './normalizeSecrets.js';
import { readPayload } from './readPayload.js';
import { toUnixSeconds } from './toUnixSeconds.js';
import type { SignWebhookOptions } from './types.js';

/**
 * Computes an `X-Webhook-Signature` value for `payload`, exactly as Cairn signs deliveries: one `v1`
 * (lowercase hex HMAC-SHA256 of `<t>.<payload>`) per secret. Node.js, synchronous.
 *
 * @example
 * ```ts
 * import { signWebhook } from '@cairn/webhook-verifier';
 *
 * const header = signWebhook({ payload: '{"id":"evt_1"}', secret: ['whsec_new', 'whsec_old'], timestamp: 1700000000 });
 * console.log(header); // 't=1700000000,v1=<64 hex>,v1=<64 hex>'
 * ```
 */
export function signWebhook(options: SignWebhookOptions): string {
  const payload = readPayload(options.payload);
  const timestamp = toUnixSeconds(options.timestamp);
  const signatures = normalizeSecrets(options.secret).map(
    (secret) => `v1=${computeHmacSha256Node(secret, `${timestamp}.`, payload).toString('hex')}`,
  );
  return `t=${timestamp},${signatures}`;
}
