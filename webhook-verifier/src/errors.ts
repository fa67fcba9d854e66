/**
 * The stable string code of a {@link WebhookVerificationError}: branch on it, never on the message.
 *
 * | code | meaning |
 * |---|---|
 * | `MISSING_SIGNATURE_HEADER` | no `X-Webhook-Signature` header |
 * | `MALFORMED_SIGNATURE_HEADER` | header is not `t=<unix seconds>,v1=<hex>[,v1=<hex>...]` |
 * | `NO_V1_SIGNATURE` | header has no `v1=` |
 * | `TIMESTAMP_OUTSIDE_TOLERANCE` | `t` is too far from now (clock skew or replay) |
 * | `SIGNATURE_MISMATCH` | no `v1` matches: wrong secret or altered body |
 * | `PAYLOAD_NOT_RAW` | a parsed object or re-serialized text was passed instead of the raw body |
 * | `INVALID_PAYLOAD` | signature valid, but the body is not a JSON event envelope |
 */
export type WebhookVerificationErrorCode =
  | 'MISSING_SIGNATURE_HEADER'
  | 'MALFORMED_SIGNATURE_HEADER'
  | 'NO_V1_SIGNATURE'
  | 'TIMESTAMP_OUTSIDE_TOLERANCE'
  | 'SIGNATURE_MISMATCH'
  | 'PAYLOAD_NOT_RAW'
  | 'INVALID_PAYLOAD';

/**
 * Base class of every verification failure: do not process the event; answer 400.
 * `name` is the class name (e.g. `SignatureMismatchError`); branch on `code`, which survives minification.
 *
 * @example
 * ```ts
 * import { WebhookVerificationError, verifyWebhook } from '@cairn/webhook-verifier';
 *
 * try {
 *   verifyWebhook({ payload: '{}', header: undefined, secret: 'whsec_test' });
 * } catch (error) {
 *   if (error instanceof WebhookVerificationError) {
 *     console.log(error.code, error.name); // 'MISSING_SIGNATURE_HEADER' 'MissingSignatureHeaderError'
 *   }
 * }
 * ```
 */
export class WebhookVerificationError extends Error {
  /** Stable machine-readable code. */
  declare readonly code: WebhookVerificationErrorCode;

  /**
   * @param code - Stable machine-readable code.
   * @param message - Human-readable diagnosis.
   * @param options - Standard error options (`cause`).
   */
  constructor(code: WebhookVerificationErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/**
 * The `X-Webhook-Signature` header is absent or empty.
 *
 * @example
 * ```ts
 * import { MissingSignatureHeaderError } from '@cairn/webhook-verifier';
 *
 * console.log(new MissingSignatureHeaderError().code); // 'MISSING_SIGNATURE_HEADER'
 * ```
 */
export class MissingSignatureHeaderError extends WebhookVerificationError {
  constructor() {
    super('MISSING_SIGNATURE_HEADER', 'X-Webhook-Signature missing');
  }
}

/**
 * The header is not of the form `t=<unix seconds>,v1=<hex>[,v1=<hex>...]`: a part is not `key=value`,
 * `t` is missing or not an integer, or two different `t` values are present.
 *
 * @example
 * ```ts
 * import { MalformedSignatureHeaderError } from '@cairn/webhook-verifier';
 *
 * console.log(new MalformedSignatureHeaderError().code); // 'MALFORMED_SIGNATURE_HEADER'
 * ```
 */
export class MalformedSignatureHeaderError extends WebhookVerificationError {
  constructor() {
    super('MALFORMED_SIGNATURE_HEADER', 'X-Webhook-Signature needs one t=<unix seconds>');
  }
}

/**
 * The header parses but carries no `v1=` signature (other schemes, such as `v0=`, are ignored).
 *
 * @example
 * ```ts
 * import { NoV1SignatureError } from '@cairn/webhook-verifier';
 *
 * console.log(new NoV1SignatureError().code); // 'NO_V1_SIGNATURE'
 * ```
 */
export class NoV1SignatureError extends WebhookVerificationError {
  constructor() {
    super('NO_V1_SIGNATURE', 'X-Webhook-Signature has no v1=');
  }
}

/**
 * The header's `t` is further from now than the tolerance: a replayed (or long delayed) request, or
 * clock skew on this server.
 *
 * @example
 * ```ts
 * import { TimestampOutsideToleranceError } from '@cairn/webhook-verifier';
 *
 * console.log(new TimestampOutsideToleranceError(400, 300).message);
 * // 't is 400 s in the past (tolerance 300 s): clock skew or a replay'
 * ```
 */
export class TimestampOutsideToleranceError extends WebhookVerificationError {
  /**
   * @param ageSeconds - Now minus `t`: positive when `t` is in the past, negative when in the future.
   * @param toleranceSeconds - The tolerance that was exceeded.
   */
  constructor(ageSeconds: number, toleranceSeconds: number) {
    super(
      'TIMESTAMP_OUTSIDE_TOLERANCE',
      `t is ${Math.abs(ageSeconds)} s in the ${ageSeconds > 0 ? 'past' : 'future'} (tolerance ${toleranceSeconds} s): clock skew or a replay`,
    );
  }
}

/**
 * No `v1` signature matches the payload under any of the given secrets.
 *
 * @example
 * ```ts
 * import { SignatureMismatchError } from '@cairn/webhook-verifier';
 *
 * console.log(new SignatureMismatchError().code); // 'SIGNATURE_MISMATCH'
 * ```
 */
export class SignatureMismatchError extends WebhookVerificationError {
  constructor() {
    super('SIGNATURE_MISMATCH', 'No v1 matches: wrong secret (test-mode vs live? rotated?) or altered body');
  }
}

/**
 * The payload is not the raw request body: a parsed object was passed, or the text was re-serialized
 * (its compact JSON form matches the signature, the given text does not).
 *
 * @example
 * ```ts
 * import { PayloadNotRawError } from '@cairn/webhook-verifier';
 *
 * console.log(new PayloadNotRawError('an object').message); // 'payload is an object: pass the raw body'
 * ```
 */
export class PayloadNotRawError extends WebhookVerificationError {
  /** @param received - What was passed instead of raw bytes; omit when the body was re-serialized. */
  constructor(received?: string) {
    super(
      'PAYLOAD_NOT_RAW',
      `payload ${received ? `is ${received}` : 'was re-serialized'}: pass the raw body`,
    );
  }
}

/**
 * The signature is valid but the body is not a Cairn event (`{ id, event, created_at, data }` JSON).
 *
 * @example
 * ```ts
 * import { InvalidPayloadError } from '@cairn/webhook-verifier';
 *
 * console.log(new InvalidPayloadError().code); // 'INVALID_PAYLOAD'
 * ```
 */
export class InvalidPayloadError extends WebhookVerificationError {
  /** @param cause - The JSON parse error, if that is what failed. */
  constructor(cause?: unknown) {
    super('INVALID_PAYLOAD', 'Signed body is not an event {id,event,created_at,data}', { cause });
  }
}
