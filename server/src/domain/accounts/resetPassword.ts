import { User } from '../../platform/db/entities/index.js';
import { noAccountMail, resetPasswordMail } from '../mail/accountMails.js';
import { queueMail } from '../mail/queueMail.js';
import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { endAllSessions } from './dashboardSessions.js';
import {
  consumeEmailToken,
  EMAIL_TOKEN_TTL_MS,
  issueEmailToken,
  spendEmailTokens,
  writeUnusableEmailToken,
} from './emailTokens.js';
import { findLoginByEmail } from './findLoginByEmail.js';
import { normalizeEmail, passwordProblem } from './passwordRules.js';
import { afterPasswordReset } from './signInThrottle.js';

/**
 * Mails a reset link when the address has a login, and a mail saying it has none otherwise. The same
 * answer and the same work whatever the address: one query for the login, one link token row (an
 * unusable one without a login) and one mail row.
 */
export async function requestPasswordReset(ctx: AccountsContext, input: { email: string }): Promise<void> {
  const email = normalizeEmailOrThrow(input.email);
  await ctx.orm.em.fork().transactional(async (em) => {
    const user = await findLoginByEmail(em, email);
    if (!user) {
      await writeUnusableEmailToken(em, ctx.clock, 'reset_password');
      await queueMail(em, ctx.clock, ctx.mail, noAccountMail(email, 'reset', `${ctx.dashboardUrl}/sign-up`));
      return;
    }
    const token = await issueEmailToken(em, ctx.clock, user.id, 'reset_password');
    const link = `${ctx.dashboardUrl}/reset-password/confirm?token=${token}`;
    await queueMail(
      em,
      ctx.clock,
      ctx.mail,
      resetPasswordMail(user.email, link, EMAIL_TOKEN_TTL_MS.reset_password / 60_000),
    );
  });
}

function normalizeEmailOrThrow(input: string): string {
  const email = normalizeEmail(input);
  if (!email) throw new AccountError('INVALID_EMAIL', 'Enter an email address such as name@example.com.');
  return email;
}

/**
 * Sets a new password with a reset link. The link proves the address, so an unverified login
 * becomes verified (its open confirmation links, and the passwords they carry, are spent). Every
 * session of the login ends (a thief signed in is signed out everywhere); the address's failed
 * sign-ins are forgotten and the IP address the reset came from counts as the owner's, so the sign-in
 * throttle never keeps the owner out after a reset. A login locked from a security alert is unlocked.
 * API keys stay: only a verified owner signed in can have made them.
 *
 * @throws {AccountError} WEAK_PASSWORD, LINK_INVALID, LINK_EXPIRED or LINK_USED.
 */
export async function resetPassword(
  ctx: AccountsContext,
  input: { token: string; password: string; ip?: string },
): Promise<void> {
  const problem = passwordProblem(input.password);
  if (problem) throw new AccountError('WEAK_PASSWORD', problem);
  const passwordHash = await ctx.hasher.hash(input.password);
  await ctx.orm.em.fork().transactional(async (em) => {
    const userId = await consumeEmailToken(em, ctx.clock, 'reset_password', input.token);
    const user = await em.findOneOrFail(User, { id: userId });
    user.passwordHash = passwordHash;
    user.emailVerifiedAt ??= ctx.clock.now();
    user.lockedAt = null;
    await em.flush();
    await spendEmailTokens(em, ctx.clock, userId, 'verify_email');
    await endAllSessions(em, userId);
    await afterPasswordReset(em, ctx.clock, user, input.ip);
  });
}
