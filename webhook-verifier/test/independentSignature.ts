/**
 * Test vectors computed independently of the code under test: plain `node:crypto` HMAC-SHA256 over
 * `<t>.<body>` bytes, exactly as docs/webhooks.md, "Signature", describes.
 */
import { createHmac, randomUUID } from 'node:crypto';

export const SECRET = 'whsec_test_secret';
export const OLD_SECRET = 'whsec_old_secret_rotated_out';
export const NOW_SECONDS = 1_700_000_000;
export const NOW_MS = NOW_SECONDS * 1000;
export const clock = () => NOW_MS;

/** Lowercase hex HMAC-SHA256 keyed with the secret's UTF-8 bytes over `<t>.<body>`. */
export function hmacHex(secret: string, timestamp: number, body: string | Uint8Array): string {
  const content = Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), Buffer.from(body)]);
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(content).digest('hex');
}

/** `t=<timestamp>,v1=<hex>...` with one v1 per secret. */
export function signedHeader(body: string | Uint8Array, secrets: string[], timestamp = NOW_SECONDS): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmacHex(secret, timestamp, body)}`)].join(',');
}

/** A compact JSON event body like the ones Cairn sends. */
export function eventBody(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: `evt_${randomUUID()}`,
    event: 'payment.confirmed',
    created_at: '2023-11-14T22:13:20Z',
    data: { id: 'pay_123', amount: '10.00', currency: 'USDC', note: 'naïve café ✓' },
    ...overrides,
  });
}
