import { type IDashboardSession, User } from '../../platform/db/entities/index.js';
import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { checkSecondFactor, type SecondFactorKind } from './checkSecondFactor.js';
import { createSession } from './dashboardSessions.js';
import { recordSignIn } from './recordSignIn.js';
import { closeChallenge, signInHashOf, takeChallengeTry } from './secondFactorChallenges.js';
import { verifyPasskeyAssertion } from './verifyPasskeyAssertion.js';

const expired = () =>
  new AccountError(
    'SECOND_FACTOR_EXPIRED',
    'This sign-in has expired or had too many wrong codes. Sign in again.',
  );

/**
 * The second step of a sign-in with two-factor on: a code from the authenticator app, a recovery
 * code or one of the login's passkeys answers the challenge and starts the session. Each try is taken before the code is checked
 * (see `takeChallengeTry`), and only one request completes a challenge.
 *
 * @throws {AccountError} SECOND_FACTOR_INVALID (a wrong code: try again), SECOND_FACTOR_EXPIRED.
 */
export async function completeSecondFactor(
  ctx: AccountsContext,
  input: { challenge: string; code: string; passkey?: string },
): Promise<{ token: string; session: IDashboardSession; used: SecondFactorKind | 'passkey' }> {
  const em = ctx.orm.em.fork();
  const challenge = await takeChallengeTry(em, ctx.clock.now(), input.challenge);
  if (!challenge) throw expired();
  let used: SecondFactorKind | 'passkey' | undefined;
  if (input.passkey) {
    const passkey = await verifyPasskeyAssertion(em, ctx, {
      purpose: 'second_factor',
      answer: input.passkey,
      userId: challenge.userId,
      signInHash: signInHashOf(input.challenge),
    });
    if (!passkey) {
      throw new AccountError(
        'SECOND_FACTOR_INVALID',
        'That passkey did not answer for this login. Try again, or use a code.',
      );
    }
    used = 'passkey';
  } else {
    used = await checkSecondFactor(em, ctx, challenge.userId, input.code.trim().slice(0, 64));
  }
  if (!used) {
    throw new AccountError(
      'SECOND_FACTOR_INVALID',
      'That code is not right. Type the six digits your authenticator app shows now, or a recovery code.',
    );
  }
  return em.transactional(async (tx) => {
    if (!(await closeChallenge(tx, input.challenge))) throw expired();
    const user = await tx.findOneOrFail(User, { id: challenge.userId });
    if (user.lockedAt) throw expired();
    // Signed in now: the address's failures from the sign-in's IP address go, the IP and the device
    // become known (a new one is mailed: see recordSignIn).
    if (challenge.ip) {
      await recordSignIn(tx, ctx, user, {
        ip: challenge.ip,
        ...(challenge.userAgent ? { userAgent: challenge.userAgent } : {}),
      });
    }
    const { token, session } = await createSession(tx, ctx.clock, {
      userId: challenge.userId,
      lifetime: ctx.lifetime,
      ...(challenge.ip ? { ip: challenge.ip } : {}),
      ...(challenge.userAgent ? { userAgent: challenge.userAgent } : {}),
    });
    return { token, session, used };
  });
}
