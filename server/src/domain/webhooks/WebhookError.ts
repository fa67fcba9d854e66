/** Stable codes of {@link WebhookError}. */
export type WebhookErrorCode =
  | 'INVALID_WEBHOOK_URL'
  | 'WEBHOOK_URL_NOT_HTTPS'
  | 'WEBHOOK_URL_PRIVATE'
  | 'INVALID_WEBHOOK_EVENTS'
  | 'INVALID_DESTINATION_ALLOWLIST'
  | 'API_KEY_NOT_FOUND'
  | 'WEBHOOK_ENDPOINT_NOT_FOUND'
  | 'DELIVERY_NOT_FOUND'
  | 'DELIVERY_STILL_PENDING'
  | 'MASTER_KEY_REQUIRED'
  | 'MASTER_KEY_MISMATCH';

/**
 * Raised for webhook configuration an operator (or, later, the dashboard) got wrong. `code` is stable;
 * the message says what to change.
 */
export class WebhookError extends Error {
  override readonly name = 'WebhookError';
  constructor(
    readonly code: WebhookErrorCode,
    message: string,
  ) {
    super(message);
  }
}
