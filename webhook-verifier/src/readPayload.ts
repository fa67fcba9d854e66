import { PayloadNotRawError } from './errors.js';
import type { WebhookPayload } from './types.js';

/**
 * Checks that `payload` is raw (a string or bytes) and returns it as a string or `Uint8Array`.
 *
 * @throws {@link PayloadNotRawError} for anything else, e.g. the object a JSON body parser produced,
 * or `undefined` when no body was captured.
 */
export function readPayload(payload: WebhookPayload): string | Uint8Array {
  if (typeof payload === 'string' || payload instanceof Uint8Array) return payload;
  throw new PayloadNotRawError(payload ? 'an object' : String(payload));
}
