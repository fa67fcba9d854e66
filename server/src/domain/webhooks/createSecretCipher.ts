import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { WebhookError } from './WebhookError.js';

/** Seals and opens webhook secrets with the master key (AES-256-GCM). */
export interface SecretCipher {
  /** First 8 hex digits of SHA-256(master key): names the key a sealed secret needs. */
  readonly keyId: string;
  /** `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts), bound to the key id as associated data. */
  seal(secret: string): string;
  /** @throws {WebhookError} MASTER_KEY_MISMATCH when sealed under another key or tampered with. */
  open(sealed: string): string;
}

/**
 * A {@link SecretCipher} over a 32-byte master key; opened secrets are cached per sealed value. The
 * purpose label is bound to every sealed value, so a secret sealed for one purpose (webhook secrets,
 * authenticator secrets) never opens as another's.
 */
export function createSecretCipher(masterKey: Buffer, purpose = 'cairn-webhook-secret'): SecretCipher {
  if (masterKey.length !== 32) throw new RangeError('the master key must be 32 bytes');
  const keyId = createHash('sha256').update(masterKey).digest('hex').slice(0, 8);
  const opened = new Map<string, string>();
  return {
    keyId,
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
      cipher.setAAD(Buffer.from(`${purpose}:${keyId}`));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', keyId, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const cached = opened.get(sealed);
      if (cached !== undefined) return cached;
      const [version, sealedKeyId, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined)
        throw new WebhookError('MASTER_KEY_MISMATCH', 'A stored webhook secret is not in a known format.');
      if (sealedKeyId !== keyId)
        throw new WebhookError(
          'MASTER_KEY_MISMATCH',
          `A webhook secret was sealed with master key ${sealedKeyId}, but the configured key is ${keyId}: restore the original CAIRN_MASTER_KEY.`,
        );
      try {
        const decipher = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(`${purpose}:${keyId}`));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const secret = Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
        if (opened.size > 10_000) opened.clear();
        opened.set(sealed, secret);
        return secret;
      } catch (error) {
        throw new WebhookError(
          'MASTER_KEY_MISMATCH',
          `A stored webhook secret failed authentication (${(error as Error).message}).`,
        );
      }
    },
  };
}
