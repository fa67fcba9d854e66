import { timingSafeEqual } from 'node:crypto';
import { compactJson } from './compactJson.js';
import { computeHmacSha256Node } from './computeHmacSha256Node.js';
import { decodePayloadText } from './decodePayloadText.js';
import { PayloadNotRawError, SignatureMismatchError } from './errors.js';
import { parseWebhookEvent } from './parseWebhookEvent.js';
import { type PreparedVerification, prepareVerification } from './prepareVerification.js';
import type { VerifyWebhookOptions, WebhookEvent } from './types.js';

function signatureMatches({ prefix, signatures, secrets }: PreparedVerification, body: string | Uint8Array) {
  for (const secret of secrets) {
    const expected = computeHmacSha256Node(secret, prefix, body);
    // Every signature is 64 hex digits (see prepareVerification), so both buffers are 32 bytes long
    // and timingSafeEqual never throws.
    for (const hex of signatures) if (timingSafeEqual(expected, Buffer.from(hex, 'hex'))) return true;
  }
  return false;
}

/**
 * Verifies a Cairn webhook delivery and returns its event (Node.js, synchronous).
 *
 * Checks, in order: the payload is raw bytes or a string; the `X-Webhook-Signature` header parses;
 * `|now - t| <= toleranceSeconds` (default 300); some `v1` equals HMAC-SHA256(secret, `<t>.<payload>`)
 * for some secret, compared in constant time; the body is a JSON event envelope. Deduplicate by
 * `event.id` afterwards (see `deduplicate`).
 *
 * @typeParam TData - Shape of `event.data`, if you know it (not validated).
 * @throws {@link WebhookVerificationError} subclasses, each with a stable `code`; answer 400.
 * @throws TypeError when no secret is configured (a configuration error; answer 500 so Cairn retries).
 *
 * @example
 * ```ts
 * import { signWebhook, verifyWebhook } from '@cairn/webhook-verifier';
 *
 * const secret = 'whsec_test_secret';
 * const payload = JSON.stringify({
 *   id: 'evt_0b7f9c3e-5d0a-4c55-9a53-2f7e1f6f3a10',
 *   event: 'payment.confirmed',
 *   created_at: '2025-01-01T00:00:00Z',
 *   data: { id: 'pay_123' },
 * });
 * const header = signWebhook({ payload, secret });
 *
 * const event = verifyWebhook({ payload: Buffer.from(payload), header, secret });
 * console.log(event.event); // 'payment.confirmed'
 * ```
 */
export function verifyWebhook<TData extends object = Record<string, unknown>>(
  options: VerifyWebhookOptions,
): WebhookEvent<TData> {
  const prepared = prepareVerification(options);
  if (!signatureMatches(prepared, prepared.payload)) {
    const text = decodePayloadText(prepared.payload);
    const compact = compactJson(text);
    throw compact !== text && signatureMatches(prepared, compact)
      ? new PayloadNotRawError()
      : new SignatureMismatchError();
  }
  return parseWebhookEvent<TData>(prepared.payload);
}
