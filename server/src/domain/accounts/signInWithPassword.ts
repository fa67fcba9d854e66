import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { findUserByEmail } from './findUserByEmail.js';
import { finishFirstFactor, type SignInOutcome } from './finishFirstFactor.js';
import { lockedError } from './lockedError.js';
import { MAX_PASSWORD_LENGTH, normalizeEmail } from './passwordRules.js';
import { recordSignIn } from './recordSignIn.js';
import { reserveSignInAttempt } from './signInThrottle.js';

/** Who is signing in, from where. */
export interface SignInAttempt {
  readonly email: string;
  readonly password: string;
  readonly ip: string;
  readonly userAgent?: string;
}

const invalid = () =>
  new AccountError(
    'INVALID_CREDENTIALS',
    'The email address or the password is wrong. A new account signs in once its address is confirmed with the link we mailed.',
  );

/**
 * Password sign-in. Each attempt first reserves a slot in the throttle (atomically: see
 * `reserveSignInAttempt`), then checks the password. An unknown address, and an address not yet
 * confirmed, cost the same hashing time as a wrong password, get the same answer and count as a
 * failure (so nobody can poll for the moment an address is confirmed). Success starts a new session
 * (see `createSession`), or, when the login has two-factor on, a challenge for its second factor
 * (see `finishFirstFactor`). A sign-in from a new device or IP address is mailed (see `recordSignIn`).
 * A login locked from a security alert answers ACCOUNT_LOCKED to the right password (and only to it).
 *
 * @throws {AccountError} SIGN_IN_THROTTLED, INVALID_CREDENTIALS or ACCOUNT_LOCKED.
 */
export async function signInWithPassword(
  ctx: AccountsContext,
  attempt: SignInAttempt,
): Promise<SignInOutcome> {
  const em = ctx.orm.em.fork();
  const email = normalizeEmail(attempt.email) ?? attempt.email.trim().slice(0, 254);
  const reserved = await reserveSignInAttempt(em, ctx.clock, email, attempt.ip, ctx.limits);
  if (!reserved.reserved) {
    const wait = reserved.retryAfterSeconds;
    const minutes = Math.ceil(wait / 60);
    throw new AccountError(
      'SIGN_IN_THROTTLED',
      `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
      wait,
    );
  }
  const password = [...attempt.password].length > MAX_PASSWORD_LENGTH ? '' : attempt.password;
  const user = email === '' ? null : await findUserByEmail(em, email);
  const stored = user?.emailVerifiedAt ? user.passwordHash : null;
  let matches = false;
  if (stored) matches = await ctx.hasher.verify(stored, password);
  else await ctx.hasher.verifyNothing(password);
  // A failure keeps its reserved row: it counts.
  if (!user || !matches || password === '') throw invalid();
  // Locked from a security alert: only whoever knows the password hears it (it counts as a failure).
  if (user.lockedAt) throw lockedError();
  return em.transactional(async (tx) => {
    const outcome = await finishFirstFactor(tx, ctx, {
      userId: user.id,
      method: 'password',
      ip: attempt.ip,
      ...(attempt.userAgent ? { userAgent: attempt.userAgent } : {}),
    });
    // Signed in only once the second factor answers (completeSecondFactor records it then); until
    // then the reserved row counts as a failure.
    if (outcome.kind === 'session') {
      await recordSignIn(tx, ctx, user, {
        ip: attempt.ip,
        ...(attempt.userAgent ? { userAgent: attempt.userAgent } : {}),
      });
    }
    return outcome;
  });
}
