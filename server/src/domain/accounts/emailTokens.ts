import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailToken, type EmailTokenPurpose, type IEmailToken } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';
import { AccountError } from './AccountError.js';

/** How long a link stays valid, per purpose. */
export const EMAIL_TOKEN_TTL_MS: Readonly<Record<EmailTokenPurpose, number>> = {
  verify_email: 24 * 3_600_000,
  reset_password: 60 * 60_000,
  /** The "this was not me" link of a security alert: read late, so it lasts a week. */
  lock_account: 7 * 24 * 3_600_000,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new one-use link token for the login (only its SHA-256 is stored). A confirmation link carries
 * the hash of the password chosen with it, which becomes the login's when the link is used.
 */
export async function issueEmailToken(
  em: EntityManager,
  clock: Clock,
  userId: string,
  purpose: EmailTokenPurpose,
  passwordHash: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  em.create(EmailToken, {
    id: randomUUID(),
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
    usedAt: null,
    passwordHash,
    createdAt: now,
  });
  await em.flush();
  return token;
}

/**
 * The row {@link issueEmailToken} would write, for an address without a login: used at birth, of
 * no login, its token thrown away. Resend and reset write it so that they do the same work whatever
 * the address (docs/security.md).
 */
export async function writeUnusableEmailToken(
  em: EntityManager,
  clock: Clock,
  purpose: EmailTokenPurpose,
): Promise<void> {
  const now = clock.now();
  em.create(EmailToken, {
    id: randomUUID(),
    userId: null,
    purpose,
    tokenHash: hashToken(randomBytes(32).toString('base64url')),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
    usedAt: now,
    passwordHash: null,
    createdAt: now,
  });
  await em.flush();
}

/**
 * A usable link token, locked in the caller's transaction (so two clicks cannot both use it), not yet
 * spent: see {@link spendEmailTokens}.
 *
 * @throws {AccountError} LINK_INVALID, LINK_EXPIRED or LINK_USED.
 */
export async function lockEmailToken(
  em: EntityManager,
  clock: Clock,
  purpose: EmailTokenPurpose,
  token: string,
): Promise<IEmailToken & { userId: string }> {
  const row = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await em.findOne(
        EmailToken,
        { tokenHash: hashToken(token), purpose },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      )
    : null;
  if (!row?.userId) throw new AccountError('LINK_INVALID', 'This link is not valid. Ask for a new one.');
  if (row.usedAt) throw new AccountError('LINK_USED', 'This link has already been used. Ask for a new one.');
  if (row.expiresAt <= clock.now())
    throw new AccountError('LINK_EXPIRED', 'This link has expired. Ask for a new one.');
  return row as IEmailToken & { userId: string };
}

/** Spends every open link of the login for the purpose (a used one, and any sent before or after). */
export async function spendEmailTokens(
  em: EntityManager,
  clock: Clock,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<void> {
  await em.nativeUpdate(EmailToken, { userId, purpose, usedAt: null }, { usedAt: clock.now() });
}

/**
 * Uses a link token once, in the caller's transaction, and returns its login. Using one also spends
 * the login's other open links of the purpose.
 *
 * @throws {AccountError} LINK_INVALID, LINK_EXPIRED or LINK_USED.
 */
export async function consumeEmailToken(
  em: EntityManager,
  clock: Clock,
  purpose: EmailTokenPurpose,
  token: string,
): Promise<string> {
  const row = await lockEmailToken(em, clock, purpose, token);
  await spendEmailTokens(em, clock, row.userId, purpose);
  return row.userId;
}
