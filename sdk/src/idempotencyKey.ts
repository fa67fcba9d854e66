interface CryptoLike {
  randomUUID?: () => string;
  getRandomValues?: <T extends Uint8Array>(array: T) => T;
}

/**
 * Returns a new UUID v4 for the `Idempotency-Key` header. Uses `crypto.randomUUID` when the runtime
 * has it, else `crypto.getRandomValues`, else `Math.random`. The last fallback is not
 * cryptographically strong; that is acceptable because an idempotency key only has to be unique, not
 * secret.
 *
 * The SDK calls this for every POST you do not give a key to. Generate and store your own when you
 * want a retry after a crash (a new process) to be recognised as the same request.
 *
 * @example
 * ```ts
 * import { Cairn, generateIdempotencyKey } from '@cairn/sdk';
 *
 * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
 * const idempotencyKey = generateIdempotencyKey(); // persist it with your order
 * const payment = await cairn.payments.create(
 *   { fiat_amount: '25.00', fiat_currency: 'EUR', order_id: 'order-1042' },
 *   { idempotencyKey },
 * );
 * console.log(payment.id);
 * ```
 */
export function generateIdempotencyKey(): string {
  const crypto = (globalThis as { crypto?: CryptoLike }).crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') {
    crypto.getRandomValues(bytes);
  } else {
    // Non-cryptographic fallback: uniqueness is all an idempotency key needs.
    for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
