import { createHmac } from 'node:crypto';

/** HMAC-SHA256 of `<prefix><body>` keyed with the UTF-8 bytes of `secret`, with `node:crypto`. */
export function computeHmacSha256Node(secret: string, prefix: string, body: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update(prefix).update(body).digest();
}
