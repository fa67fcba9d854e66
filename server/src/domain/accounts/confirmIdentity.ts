import type { EntityManager } from '@mikro-orm/postgresql';
import { DashboardSession, User } from '../../platform/db/entities/index.js';
import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { checkSecondFactor, type SecondFactorKind } from './checkSecondFactor.js';
import { countPasskeys } from './passkeys.js';
import { runSql } from './runSql.js';
import { readTotpFactor } from './totpFactors.js';
import { verifyPasskeyAssertion } from './verifyPasskeyAssertion.js';

/** A change that moves money or grants access needs the person to have proved who they are this recently. */
export const STEP_UP_WINDOW_MS = 10 * 60_000;
/** Wrong answers a session may give before it is ended. */
const MAX_STEP_UP_FAILURES = 5;

/**
 * What a login answers a step-up with: its password, if it has one, and a code, if two-factor is on
 * (from the authenticator app, or a recovery code); or, instead of both, one of its passkeys.
 */
export interface StepUpNeeds {
  readonly password: boolean;
  /** Two-factor is on: the password alone is not enough. */
  readonly code: boolean;
  /** The authenticator app is on (its codes answer; otherwise only a recovery code does). */
  readonly app: boolean;
  readonly passkey: boolean;
}

/** Whether a session's last proof of identity is recent enough for a sensitive change. */
export const isFreshlyAuthenticated = (authenticatedAt: Date, now: Date): boolean =>
  now.getTime() - authenticatedAt.getTime() < STEP_UP_WINDOW_MS;

/** What the login's step-up asks for. */
export async function readStepUpNeeds(ctx: AccountsContext, userId: string): Promise<StepUpNeeds> {
  const em = ctx.orm.em.fork();
  const user = await em.findOneOrFail(User, { id: userId });
  const app = (await readTotpFactor(em, userId))?.confirmedAt != null;
  const passkey = (await countPasskeys(em, userId)) > 0;
  return { password: user.passwordHash !== null, code: app || passkey, app, passkey };
}

/**
 * Step-up: the signed-in person proves who they are again (their password, and a code when the
 * authenticator app is on; or one of their passkeys, the answer to a challenge handed out to this
 * session), which marks the session freshly authenticated for {@link STEP_UP_WINDOW_MS}. Each answer
 * takes one of the session's five tries before it is checked (one statement, so parallel answers
 * cannot check more); the fifth wrong one ends the session. A login with neither a password nor
 * two-factor (third-party sign-in only) has nothing to answer with.
 *
 * @throws {AccountError} STEP_UP_FAILED, STEP_UP_LOCKED (the session was ended), STEP_UP_UNAVAILABLE.
 */
export async function confirmIdentity(
  ctx: AccountsContext,
  input: {
    sessionId: string;
    userId: string;
    password: string;
    code: string;
    /** A passkey's answer (`@simplewebauthn/browser` JSON), instead of the password and code. */
    passkey?: string;
    /** Which second factors answer (default: an app code or a recovery code). */
    allow?: readonly SecondFactorKind[];
  },
): Promise<void> {
  const needs = await readStepUpNeeds(ctx, input.userId);
  if (!needs.password && !needs.code && !needs.passkey) {
    throw new AccountError(
      'STEP_UP_UNAVAILABLE',
      'This change needs a recent sign-in, and your login has no password or two-factor code to confirm it with here. Sign out and sign in again, then make the change within ten minutes.',
    );
  }
  const em = ctx.orm.em.fork();
  const [tried] = await runSql<{ step_up_failures: number }[]>(
    em,
    `update dashboard_sessions set step_up_failures = step_up_failures + 1
     where id = ? and step_up_failures < ? returning step_up_failures`,
    [input.sessionId, MAX_STEP_UP_FAILURES],
  );
  const locked = () => new AccountError('STEP_UP_LOCKED', 'Too many wrong answers: you are signed out.');
  if (!tried) {
    await em.nativeDelete(DashboardSession, { id: input.sessionId });
    throw locked();
  }
  const answered = input.passkey
    ? needs.passkey &&
      (await verifyPasskeyAssertion(em, ctx, {
        purpose: 'step_up',
        answer: input.passkey,
        userId: input.userId,
        sessionId: input.sessionId,
      })) !== undefined
    : await checkPasswordAndCode(em, ctx, needs, input);
  if (!answered) {
    if (tried.step_up_failures >= MAX_STEP_UP_FAILURES) {
      await em.nativeDelete(DashboardSession, { id: input.sessionId });
      throw locked();
    }
    throw new AccountError(
      'STEP_UP_FAILED',
      input.passkey
        ? 'That passkey did not answer for this login. Try again.'
        : needs.code
          ? 'The password or the code is not right.'
          : 'That password is not right.',
    );
  }
  await em.nativeUpdate(
    DashboardSession,
    { id: input.sessionId },
    { authenticatedAt: ctx.clock.now(), stepUpFailures: 0 },
  );
}

/** The password (when the login has one) and then the code (when the app is on), the code spent only after a right password. */
async function checkPasswordAndCode(
  em: EntityManager,
  ctx: AccountsContext,
  needs: StepUpNeeds,
  input: { userId: string; password: string; code: string; allow?: readonly SecondFactorKind[] },
): Promise<boolean> {
  // Without a password, only an app code is typed (a recovery code alone is not enough); a login with
  // neither answers with a passkey.
  if (!needs.password && !needs.app) return false;
  const user = await em.findOneOrFail(User, { id: input.userId });
  const passwordOk =
    !needs.password ||
    (input.password !== '' && (await ctx.hasher.verify(user.passwordHash!, input.password)));
  // The code is checked (and spent) only after a right password: a wrong password burns no recovery code.
  const codeOk =
    passwordOk &&
    (!needs.code ||
      (await checkSecondFactor(em, ctx, input.userId, input.code.trim(), input.allow)) !== undefined);
  return passwordOk && codeOk;
}
