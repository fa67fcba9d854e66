import type { EntityManager } from '@mikro-orm/postgresql';
import { alreadyRegisteredMail, verifyEmailMail } from '../mail/accountMails.js';
import { queueMail } from '../mail/queueMail.js';
import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { createUser } from './createUser.js';
import { EMAIL_TOKEN_TTL_MS, issueEmailToken } from './emailTokens.js';
import { findUserByEmail } from './findUserByEmail.js';
import { hashPassword } from './hashPassword.js';
import { normalizeEmail, passwordProblem } from './passwordRules.js';

/**
 * Signs up with an email and a password. The answer is the same whether or not the address already
 * has a login (no account enumeration): a new login gets a verification link; an unverified one gets
 * a fresh link (its password unchanged: only the owner of the address may set it, by reset); a
 * verified one gets a mail saying so, with links to sign in or reset.
 *
 * @throws {AccountError} INVALID_EMAIL or WEAK_PASSWORD (about the input only).
 */
export async function signUp(
  ctx: AccountsContext,
  input: { email: string; password: string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  if (!email) throw new AccountError('INVALID_EMAIL', 'Enter an email address such as name@example.com.');
  const problem = passwordProblem(input.password);
  if (problem) throw new AccountError('WEAK_PASSWORD', problem);
  const passwordHash = await hashPassword(input.password);
  await ctx.orm.em.fork().transactional(async (em) => {
    const existing = await findUserByEmail(em, email);
    if (existing?.emailVerifiedAt) {
      const mail = alreadyRegisteredMail(
        existing.email,
        `${ctx.dashboardUrl}/sign-in`,
        `${ctx.dashboardUrl}/reset-password`,
      );
      await queueMail(em, ctx.clock, ctx.mail, mail);
      return;
    }
    const user = existing ?? (await createUser(em, ctx.clock, { email, verified: false, passwordHash }));
    await sendVerification(em, ctx, user.id, user.email);
  });
}

/** Mails a new verification link to the login. */
export async function sendVerification(
  em: EntityManager,
  ctx: AccountsContext,
  userId: string,
  email: string,
): Promise<void> {
  const token = await issueEmailToken(em, ctx.clock, userId, 'verify_email');
  const link = `${ctx.dashboardUrl}/verify-email?token=${token}`;
  await queueMail(
    em,
    ctx.clock,
    ctx.mail,
    verifyEmailMail(email, link, EMAIL_TOKEN_TTL_MS.verify_email / 3_600_000),
  );
}

/** Resend verification: a new link for an unverified login; nothing otherwise. Same answer either way. */
export async function resendVerification(ctx: AccountsContext, input: { email: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  if (!email) throw new AccountError('INVALID_EMAIL', 'Enter an email address such as name@example.com.');
  await ctx.orm.em.fork().transactional(async (em) => {
    const user = await findUserByEmail(em, email);
    if (user && !user.emailVerifiedAt) await sendVerification(em, ctx, user.id, user.email);
  });
}
