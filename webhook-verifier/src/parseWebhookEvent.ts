import { decodePayloadText } from './decodePayloadText.js';
import { InvalidPayloadError } from './errors.js';
import type { WebhookEvent } from './types.js';

/**
 * Parses an already verified body and checks the envelope: string `id`, `event` and `created_at`, and
 * an object `data`.
 *
 * @throws {@link InvalidPayloadError} when the body is not JSON or not an event envelope.
 */
export function parseWebhookEvent<TData extends object>(payload: string | Uint8Array): WebhookEvent<TData> {
  let event: Record<string, unknown> | null;
  try {
    event = JSON.parse(decodePayloadText(payload));
  } catch (error) {
    throw new InvalidPayloadError(error);
  }
  if (
    !(event?.data instanceof Object) ||
    ['id', 'event', 'created_at'].some((key) => typeof event?.[key] !== 'string')
  ) {
    throw new InvalidPayloadError();
  }
  return event as unknown as WebhookEvent<TData>;
}
