/**
 * `@cairn/webhook-verifier/web`: verify Cairn webhook signatures with WebCrypto (`crypto.subtle`) only.
 * Works in edge runtimes, Cloudflare Workers, Deno, Bun, browsers and Node 20+. Same API as the
 * Node entry point, except that `verifyWebhook`, `signWebhook` and `generateTestHeader` are async.
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
export { generateTestHeaderAsync as generateTestHeader } from './generateTestHeaderAsync.js';
export { EVENT_HEADER, SIGNATURE_HEADER } from './headerNames.js';
export type { IdStore } from './idStore.js';
export { MemoryIdStore, type MemoryIdStoreOptions } from './memoryIdStore.js';
export { signWebhookAsync as signWebhook } from './signWebhookAsync.js';
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
export { verifyWebhookAsync as verifyWebhook } from './verifyWebhookAsync.js';
export { WEBHOOK_EVENT_NAMES, type WebhookEventName } from './webhookEventNames.js';
