import { createHash, randomBytes } from 'node:crypto';

/** How long an invitation's link works: 7 days from its mail. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

/** A new link token (32 random bytes, base64url): only {@link hashInvitationToken} of it is stored. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 of a token, as stored and compared; undefined for a string that is not a token's shape. */
export function hashInvitationToken(token: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return createHash('sha256').update(token).digest('hex');
}
