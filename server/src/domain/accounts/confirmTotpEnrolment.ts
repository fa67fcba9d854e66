import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { hasSecondFactor } from './hasSecondFactor.js';
import { replaceRecoveryCodes } from './recoveryCodes.js';
import { runSql } from './runSql.js';
import { type AlertOrigin, sendSecurityAlert } from './sendSecurityAlert.js';
import { matchTotpStep } from './totpCodes.js';
import { claimTotpStep, readTotpFactor } from './totpFactors.js';

/**
 * Turns the authenticator app on: a code from the app proves it holds the secret being set up. Returns
 * the ten recovery codes, shown once, when the app is the login's first second factor (none when its
 * passkeys already brought them). The login is mailed a security alert (`from`: where the request came from).
 *
 * @throws {AccountError} SECOND_FACTOR_INVALID, TWO_FACTOR_NOT_STARTED, TWO_FACTOR_ALREADY_ON.
 */
export async function confirmTotpEnrolment(
  ctx: AccountsContext,
  userId: string,
  code: string,
  from: AlertOrigin,
): Promise<string[]> {
  return ctx.orm.em.fork().transactional(async (em) => {
    // Locked: a passkey added at the same moment cannot also count as the login's first factor.
    await runSql(em, 'select id from users where id = ? for update', [userId]);
    const first = !(await hasSecondFactor(em, userId));
    const factor = await readTotpFactor(em, userId);
    if (!factor) {
      throw new AccountError('TWO_FACTOR_NOT_STARTED', 'Start the set-up again: no app is being set up.');
    }
    if (factor.confirmedAt) {
      throw new AccountError('TWO_FACTOR_ALREADY_ON', 'Two-factor sign-in is already on.');
    }
    const now = ctx.clock.now();
    const step = matchTotpStep(ctx.secrets.open(factor.secretSealed), code, now);
    if (step === undefined || !(await claimTotpStep(em, userId, step, { confirm: now }))) {
      throw new AccountError(
        'SECOND_FACTOR_INVALID',
        'That code is not right. Type the six digits the app shows now (check that this device’s clock is right).',
      );
    }
    await sendSecurityAlert(em, ctx, userId, { kind: 'two_factor_enabled' }, from);
    // The login's first second factor brings its recovery codes; with passkeys on already, it has them.
    return first ? replaceRecoveryCodes(em, userId, now) : [];
  });
}
