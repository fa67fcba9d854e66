import type { AccountsContext } from './AccountsContext.js';
import { findChallenge, type SecondFactorChallenge } from './secondFactorChallenges.js';

/** The sign-in waiting for a second factor that a browser's token names, if it is still open. */
export async function findSecondFactorChallenge(
  ctx: AccountsContext,
  token: string,
): Promise<SecondFactorChallenge | undefined> {
  return findChallenge(ctx.orm.em.fork(), ctx.clock.now(), token);
}
