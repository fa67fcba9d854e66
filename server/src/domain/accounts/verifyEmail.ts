import { User } from '../../platform/db/entities/index.js';
import type { AccountsContext } from './AccountsContext.js';
import { consumeEmailToken } from './emailTokens.js';

/**
 * Uses a verification link: the login's address is verified (password sign-in opens).
 *
 * @throws {AccountError} LINK_INVALID, LINK_EXPIRED or LINK_USED.
 */
export async function verifyEmail(ctx: AccountsContext, token: string): Promise<{ userId: string }> {
  return ctx.orm.em.fork().transactional(async (em) => {
    const userId = await consumeEmailToken(em, ctx.clock, 'verify_email', token);
    const user = await em.findOneOrFail(User, { id: userId });
    user.emailVerifiedAt ??= ctx.clock.now();
    return { userId };
  });
}
