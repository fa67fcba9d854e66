import { User } from '../../platform/db/entities/index.js';
import { resetPasswordMail } from '../mail/accountMails.js';
import { queueMail } from '../mail/queueMail.js';
import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { endAllSessions } from './dashboardSessions.js';
import { consumeEmailToken, EMAIL_TOKEN_TTL_MS, issueEmailToken } from './emailTokens.js';
import { findUserByEmail } from './findUserByEmail.js';
import { hashPassword } from './hashPassword.js';
import { normalizeEmail, passwordProblem } from './passwordRules.js';

/** Mails a reset link when the address has a login; the same answer when it has none. */
export async function requestPasswordReset(ctx: AccountsContext, input: { email: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  if (!email) throw new AccountError('INVALID_EMAIL', 'Enter an email address such as name@example.com.');
  await ctx.orm.em.fork().transactional(async (em) => {
    const user = await findUserByEmail(em, email);
    if (!user) return;
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

/**
 * Sets a new password with a reset link. The link proves the address, so an unverified login
 * becomes verified; every session of the login ends (a thief signed in is signed out).
 *
 * @throws {AccountError} WEAK_PASSWORD, LINK_INVALID, LINK_EXPIRED or LINK_USED.
 */
export async function resetPassword(
  ctx: AccountsContext,
  input: { token: string; password: string },
): Promise<void> {
  const problem = passwordProblem(input.password);
  if (problem) throw new AccountError('WEAK_PASSWORD', problem);
  const passwordHash = await hashPassword(input.password);
  await ctx.orm.em.fork().transactional(async (em) => {
    const userId = await consumeEmailToken(em, ctx.clock, 'reset_password', input.token);
    const user = await em.findOneOrFail(User, { id: userId });
    user.passwordHash = passwordHash;
    user.emailVerifiedAt ??= ctx.clock.now();
    await em.flush();
    await endAllSessions(em, userId);
  });
}
