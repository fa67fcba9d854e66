import { randomBytes } from 'node:crypto';

/** A new endpoint secret: `whsec_` and 32 random bytes, base64url (43 characters). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
