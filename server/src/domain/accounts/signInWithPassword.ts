import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { findUserByEmail } from './findUserByEmail.js';
import { finishFirstFactor, type SignInOutcome } from './finishFirstFactor.js';
import { verifyNothing, verifyPassword } from './hashPassword.js';
import { MAX_PASSWORD_LENGTH, normalizeEmail } from './passwordRules.js';
import { clearSignInFailures, recordSignInFailure, signInRetryAfter } from './signInThrottle.js';

/** Who is signing in, from where. */
export interface SignInAttempt {
  readonly email: string;
  readonly password: string;
  readonly ip: string;
  readonly userAgent?: string;
}

const invalid = () => new AccountError('INVALID_CREDENTIALS', 'The email address or the password is wrong.');

/**
 * Password sign-in. Throttled per address and per IP address before any password is checked; an
 * unknown address costs the same hashing time as a wrong password and gets the same answer. Only a
 * verified address may sign in. Success starts a new session (see `createSession`), or, when the
 * login has two-factor on, a challenge for its second factor (see `finishFirstFactor`).
 *
 * @throws {AccountError} SIGN_IN_THROTTLED, INVALID_CREDENTIALS or EMAIL_NOT_VERIFIED.
 */
export async function signInWithPassword(
  ctx: AccountsContext,
  attempt: SignInAttempt,
): Promise<SignInOutcome> {
  const em = ctx.orm.em.fork();
  const email = normalizeEmail(attempt.email) ?? attempt.email.trim().slice(0, 254);
  const wait = await signInRetryAfter(em, ctx.clock, email, attempt.ip, ctx.limits);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new AccountError(
      'SIGN_IN_THROTTLED',
      `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
      wait,
    );
  }
  const password = [...attempt.password].length > MAX_PASSWORD_LENGTH ? '' : attempt.password;
  const user = email === '' ? null : await findUserByEmail(em, email);
  let matches = false;
  if (user?.passwordHash) matches = await verifyPassword(user.passwordHash, password);
  else await verifyNothing(password);
  if (!user || !matches || password === '') {
    await recordSignInFailure(em, ctx.clock, email, attempt.ip);
    throw invalid();
  }
  if (!user.emailVerifiedAt) {
    throw new AccountError(
      'EMAIL_NOT_VERIFIED',
      'Confirm your email address first: open the link we sent you, or ask for a new one below.',
    );
  }
  await clearSignInFailures(em, email);
  return finishFirstFactor(em, ctx, {
    userId: user.id,
    method: 'password',
    ip: attempt.ip,
    ...(attempt.userAgent ? { userAgent: attempt.userAgent } : {}),
  });
}
