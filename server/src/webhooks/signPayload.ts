import { createHmac } from 'node:crypto';

/**
 * The `X-Webhook-Signature` value for `body` sent at `timestampSeconds`: `t=<unix>,v1=<hex>` with one
 * `v1` (lowercase hex HMAC-SHA256 over `<t>.<body>`) per active secret, newest first.
 */
export function signPayload(body: string, secrets: readonly string[], timestampSeconds: number): string {
  let header = `t=${timestampSeconds}`;
  for (const secret of secrets) {
    header += `,v1=${createHmac('sha256', secret).update(`${timestampSeconds}.`).update(body).digest('hex')}`;
  }
  return header;
}
