import { assertTimestampWithinTolerance } from './assertTimestampWithinTolerance.js';
import { normalizeSecrets } from './normalizeSecrets.js';
import { parseSignatureHeader } from './parseSignatureHeader.js';
import { readPayload } from './readPayload.js';
import type { VerifyWebhookOptions } from './types.js';

/** Everything both verifiers need before computing an HMAC. */
export interface PreparedVerification {
  payload: string | Uint8Array;
  /** `<t>.`, the prefix of the signed content. */
  prefix: string;
  /** The `v1` values that are 64 hex digits; any other value can never match, so it is dropped here. */
  signatures: string[];
  secrets: readonly string[];
}

/**
 * The runtime-independent steps of verification, in order: payload kind, secrets, header, tolerance.
 * Throws the matching {@link WebhookVerificationError} (or a TypeError for a missing secret).
 */
export function prepareVerification(options: VerifyWebhookOptions): PreparedVerification {
  const payload = readPayload(options.payload);
  const secrets = normalizeSecrets(options.secret);
  const { timestamp, signatures } = parseSignatureHeader(options.header);
  assertTimestampWithinTolerance(timestamp, options.toleranceSeconds, options.now);
  return {
    payload,
    prefix: `${timestamp}.`,
    signatures: signatures.filter((hex) => /^[\da-f]{64}$/i.test(hex)),
    secrets,
  };
}
