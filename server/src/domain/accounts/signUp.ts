import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailToken } from '../../platform/db/entities/index.js';
import {
  alreadyConfirmedMail,
  alreadyRegisteredMail,
  noAccountMail,
  verifyEmailMail,
} from '../mail/accountMails.js';
import { queueMail } from '../mail/queueMail.js';
import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { createUser } from './createUser.js';
import { EMAIL_TOKEN_TTL_MS, issueEmailToken, writeUnusableEmailToken } from './emailTokens.js';
import { findLoginByEmail } from './findLoginByEmail.js';
import { normalizeEmail, passwordProblem } from './passwordRules.js';

/**
 * Signs up with an email and a password. The answer, and the work done, are the same whether or not
 * the address already has a login (no account enumeration, by answer or by time): the password is
 * hashed, and one link token and one mail are written. A new or unverified login gets a confirmation
 * link carrying this sign-up's password, which becomes the login's password only when the link is
 * used with it (docs/security.md: nothing set before confirmation is ever valid); a verified one
 * gets a mail saying so, with a link to choose a new password.
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
  const passwordHash = await ctx.hasher.hash(input.password);
  await ctx.orm.em.fork().transactional(async (em) => {
    const existing = await findLoginByEmail(em, email);
    if (existing?.emailVerifiedAt) {
      const token = await issueEmailToken(em, ctx.clock, existing.id, 'reset_password');
      const mail = alreadyRegisteredMail(
        existing.email,
        `${ctx.dashboardUrl}/sign-in`,
        `${ctx.dashboardUrl}/reset-password/confirm?token=${token}`,
      );
      await queueMail(em, ctx.clock, ctx.mail, mail);
      return;
    }
    const user = existing ?? (await createUser(em, ctx.clock, { email, verified: false }));
    await sendVerification(em, ctx, { userId: user.id, email: user.email, passwordHash });
  });
}

/** Mails a new confirmation link to the login, carrying the password it will set. */
export async function sendVerification(
  em: EntityManager,
  ctx: AccountsContext,
  to: { userId: string; email: string; passwordHash: string | null },
): Promise<void> {
  const token = await issueEmailToken(em, ctx.clock, to.userId, 'verify_email', to.passwordHash);
  const link = `${ctx.dashboardUrl}/verify-email?token=${token}`;
  await queueMail(
    em,
    ctx.clock,
    ctx.mail,
    verifyEmailMail(to.email, link, EMAIL_TOKEN_TTL_MS.verify_email / 3_600_000),
  );
}

/**
 * Resend confirmation: a new link for an unverified login (carrying the password of its latest
 * sign-up), else a mail saying the address is already confirmed or has no account. The same answer
 * and the same work whatever the address: one query for the login, one for its latest link, one link
 * token row (an unusable one when no link is sent) and one mail row.
 */
export async function resendVerification(ctx: AccountsContext, input: { email: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  if (!email) throw new AccountError('INVALID_EMAIL', 'Enter an email address such as name@example.com.');
  await ctx.orm.em.fork().transactional(async (em) => {
    const user = await findLoginByEmail(em, email);
    const [latest] = await em.find(
      EmailToken,
      { userId: user?.id ?? NO_LOGIN, purpose: 'verify_email' },
      { orderBy: { createdAt: 'desc' }, limit: 1 },
    );
    if (user && !user.emailVerifiedAt) {
      await sendVerification(em, ctx, {
        userId: user.id,
        email: user.email,
        passwordHash: latest?.passwordHash ?? null,
      });
      return;
    }
    await writeUnusableEmailToken(em, ctx.clock, 'verify_email');
    const mail = user
      ? alreadyConfirmedMail(user.email, `${ctx.dashboardUrl}/sign-in`)
      : noAccountMail(email, 'confirm', `${ctx.dashboardUrl}/sign-up`);
    await queueMail(em, ctx.clock, ctx.mail, mail);
  });
}

/** A login id no login has (the nil UUID), for the same query when there is no login. */
const NO_LOGIN = '00000000-0000-0000-0000-000000000000';
