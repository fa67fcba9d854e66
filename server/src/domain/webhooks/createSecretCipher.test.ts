import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretCipher } from './createSecretCipher.js';
import { generateWebhookSecret } from './generateWebhookSecret.js';

describe('createSecretCipher (AES-256-GCM under the master key)', () => {
  const cipher = createSecretCipher(randomBytes(32));

  it('seals a secret so that only the same key opens it', () => {
    const secret = generateWebhookSecret();
    const sealed = cipher.seal(secret);
    expect(sealed).toMatch(new RegExp(`^v1\\.${cipher.keyId}\\.[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect(sealed).not.toContain(secret.slice(6));
    expect(cipher.seal(secret)).not.toBe(sealed);
    expect(cipher.open(sealed)).toBe(secret);
    expect(() => createSecretCipher(randomBytes(32)).open(sealed)).toThrow(
      /restore the original CAIRN_MASTER_KEY/,
    );
  });

  it('detects tampering', () => {
    const sealed = cipher.seal('whsec_x');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0]! ^= 1;
    parts[4] = body.toString('base64url');
    expect(() => createSecretCipher(Buffer.alloc(32, 1)).open(parts.join('.'))).toThrow();
    expect(() => cipher.open(parts.join('.'))).toThrow(/failed authentication/);
  });

  it('makes whsec_ secrets of 32 random bytes', () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(6), 'base64url')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(a);
  });
});
