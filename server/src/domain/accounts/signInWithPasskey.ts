import type { IDashboardSession } from '../../platform/db/entities/index.js';
import { User } from '../../platform/db/entities/index.js';
import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { createSession } from './dashboardSessions.js';
import { lockedError } from './lockedError.js';
import { recordSignIn } from './recordSignIn.js';
import { verifyPasskeyAssertion } from './verifyPasskeyAssertion.js';

/**
 * Signs in without a password: a passkey made for this dashboard answers the challenge handed out for
 * signing in, with its person verified (PIN or biometrics), which counts as both factors. The sign-in
 * throttle for passwords does not apply (there is nothing to guess); a confirmed login is required, and
 * one locked from a security alert is refused until its password is reset.
 *
 * @throws {AccountError} PASSKEY_FAILED, PASSKEYS_UNAVAILABLE, ACCOUNT_LOCKED.
 */
export async function signInWithPasskey(
  ctx: AccountsContext,
  input: { answer: string; ip: string; userAgent?: string },
): Promise<{ token: string; session: IDashboardSession }> {
  return ctx.orm.em.fork().transactional(async (em) => {
    const passkey = await verifyPasskeyAssertion(em, ctx, { purpose: 'sign_in', answer: input.answer });
    const user = passkey ? await em.findOne(User, { id: passkey.userId }) : null;
    if (!user?.emailVerifiedAt) {
      throw new AccountError(
        'PASSKEY_FAILED',
        'That passkey is not one of this dashboard’s, or the sign-in took too long. Try again, or sign in with your password.',
      );
    }
    if (user.lockedAt) throw lockedError();
    // The address becomes known; a new device or address is mailed an alert.
    await recordSignIn(em, ctx, user, {
      ip: input.ip,
      ...(input.userAgent ? { userAgent: input.userAgent } : {}),
    });
    return createSession(em, ctx.clock, {
      userId: user.id,
      lifetime: ctx.lifetime,
      ip: input.ip,
      ...(input.userAgent ? { userAgent: input.userAgent } : {}),
    });
  });
}
