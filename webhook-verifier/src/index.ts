/**
 * `@cairn/webhook-verifier`: verify Cairn webhook signatures in Node.js (synchronous, `node:crypto`).
 * For edge runtimes, Deno, Bun and browsers use `@cairn/webhook-verifier/web`.
 *
 * @packageDocumentation
 */
export { DEFAULT_TOLERANCE_SECONDS } from './assertTimestampWithinTolerance.js';
export { type DeduplicateResult, deduplicate } from './deduplicate.js';
export {
  InvalidPayloadError,
  MalformedSignatureHeaderError,
  MissingSignatureHeaderError,
  NoV1SignatureError,
  PayloadNotRawError,
  SignatureMismatchError,
  TimestampOutsideToleranceError,
  WebhookVerificationError,
  type WebhookVerificationErrorCode,
} from './errors.js';
export { generateTestHeader } from './generateTestHeader.js';
export { EVENT_HEADER, SIGNATURE_HEADER } from './headerNames.js';
export type { IdStore } from './idStore.js';
export { MemoryIdStore, type MemoryIdStoreOptions } from './memoryIdStore.js';
export { signWebhook } from './signWebhook.js';
export type {
  Clock,
  GenerateTestHeaderOptions,
  SignatureHeaderValue,
  SignWebhookOptions,
  TestEventInput,
  TestHeader,
  VerifyWebhookOptions,
  WebhookEvent,
  WebhookPayload,
  WebhookSecret,
} from './types.js';
export { verifyWebhook } from './verifyWebhook.js';
export { WEBHOOK_EVENT_NAMES, type WebhookEventName } from './webhookEventNames.js';
