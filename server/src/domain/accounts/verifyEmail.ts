import { User } from '../../platform/db/entities/index.js';
import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { endAllSessions } from './dashboardSessions.js';
import { lockEmailToken, spendEmailTokens } from './emailTokens.js';
import { passwordProblem } from './passwordRules.js';

/**
 * Uses a confirmation link, with the password chosen at the sign-up that sent it (typed again): the
 * login's address is verified and that password becomes the login's. Opening the link proves control
 * of the address, typing the password proves who chose it, so a password someone else chose with the
 * address never becomes valid, even when its owner opens that person's link. A wrong password leaves
 * the link unused. A link carrying no password (one from before this rule, or for a login made
 * without one) sets the password typed. A login already verified keeps its password.
 *
 * @throws {AccountError} INVALID_CREDENTIALS, WEAK_PASSWORD, LINK_INVALID, LINK_EXPIRED or LINK_USED.
 */
export async function verifyEmail(
  ctx: AccountsContext,
  input: { token: string; password: string },
): Promise<{ userId: string }> {
  return ctx.orm.em.fork().transactional(async (em) => {
    const row = await lockEmailToken(em, ctx.clock, 'verify_email', input.token);
    let passwordHash = row.passwordHash;
    if (passwordHash) {
      if (!(await ctx.hasher.verify(passwordHash, input.password))) {
        throw new AccountError(
          'INVALID_CREDENTIALS',
          'This is not the password chosen when this link was sent. If you did not sign up, ignore the link; otherwise sign up again to get a new one.',
        );
      }
    } else {
      const problem = passwordProblem(input.password);
      if (problem) throw new AccountError('WEAK_PASSWORD', problem);
      passwordHash = await ctx.hasher.hash(input.password);
    }
    await spendEmailTokens(em, ctx.clock, row.userId, 'verify_email');
    const user = await em.findOneOrFail(User, { id: row.userId });
    if (!user.emailVerifiedAt) {
      user.passwordHash = passwordHash;
      user.emailVerifiedAt = ctx.clock.now();
      await em.flush();
      await endAllSessions(em, user.id);
    }
    return { userId: user.id };
  });
}
