import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { confirmIdentity } from './confirmIdentity.js';
import { hasSecondFactor } from './hasSecondFactor.js';
import { deleteRecoveryCodes } from './recoveryCodes.js';
import { runSql } from './runSql.js';
import { type AlertOrigin, sendSecurityAlert } from './sendSecurityAlert.js';
import { deleteTotpFactor, readTotpFactor } from './totpFactors.js';

/**
 * Turns the authenticator app off after the person proves who they are again (their password and a code from the
 * app or a recovery code, or a passkey: `confirmIdentity`): the app's secret is deleted, and the
 * recovery codes too unless the login keeps passkeys. The login is mailed a security alert.
 *
 * @throws {AccountError} TWO_FACTOR_OFF, and those of `confirmIdentity`.
 */
export async function disableTwoFactor(
  ctx: AccountsContext,
  input: {
    sessionId: string;
    userId: string;
    password: string;
    code: string;
    passkey?: string;
    from: AlertOrigin;
  },
): Promise<void> {
  const factor = await readTotpFactor(ctx.orm.em.fork(), input.userId);
  if (!factor?.confirmedAt) throw new AccountError('TWO_FACTOR_OFF', 'Two-factor sign-in is off.');
  await confirmIdentity(ctx, input);
  await ctx.orm.em.fork().transactional(async (em) => {
    // Locked: a passkey removed at the same moment cannot leave the codes of a login with no factor.
    await runSql(em, 'select id from users where id = ? for update', [input.userId]);
    await deleteTotpFactor(em, input.userId);
    // Passkeys keep two-factor on, with the recovery codes that go with it.
    if (!(await hasSecondFactor(em, input.userId))) await deleteRecoveryCodes(em, input.userId);
    await sendSecurityAlert(em, ctx, input.userId, { kind: 'two_factor_disabled' }, input.from);
  });
}
