/**
 * Name of the header carrying `t=<unix_seconds>,v1=<hex>[,v1=<hex>...]`, lowercased as Node and the
 * Fetch API hand header names over.
 *
 * @example
 * ```ts
 * import { SIGNATURE_HEADER } from '@cairn/webhook-verifier';
 *
 * const request = new Request('https://shop.example/webhooks', {
 *   method: 'POST',
 *   headers: { 'X-Webhook-Signature': 't=1700000000,v1=00' },
 * });
 * console.log(request.headers.get(SIGNATURE_HEADER)); // 't=1700000000,v1=00'
 * ```
 */
export const SIGNATURE_HEADER = 'x-webhook-signature';

/**
 * Name of the header repeating the body's `event` field (handy for routing before parsing).
 * It is not signed: always trust the verified body's `event`, not this header.
 *
 * @example
 * ```ts
 * import { EVENT_HEADER } from '@cairn/webhook-verifier';
 *
 * const headers = new Headers({ 'X-Webhook-Event': 'payment.confirmed' });
 * console.log(headers.get(EVENT_HEADER)); // 'payment.confirmed'
 * ```
 */
export const EVENT_HEADER = 'x-webhook-event';
