import type { SecretCipher } from './createSecretCipher.js';

/** How long the secret before a rotation keeps signing (docs/limits.md: 24 hours). */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/**
 * The secrets that sign a delivery at `now`, newest first: the current one, plus the previous one
 * while its rotation overlap lasts.
 */
export function activeSecrets(
  endpoint: {
    secretSealed: string;
    previousSecretSealed: string | null;
    previousSecretExpiresAt: Date | null;
  },
  now: Date,
  cipher: SecretCipher,
): string[] {
  const secrets = [cipher.open(endpoint.secretSealed)];
  if (
    endpoint.previousSecretSealed &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt.getTime() > now.getTime()
  ) {
    secrets.push(cipher.open(endpoint.previousSecretSealed));
  }
  return secrets;
}
