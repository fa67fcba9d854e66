import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { confirmIdentity } from './confirmIdentity.js';
import { hasSecondFactor } from './hasSecondFactor.js';
import { replaceRecoveryCodes } from './recoveryCodes.js';
import { type AlertOrigin, sendSecurityAlert } from './sendSecurityAlert.js';

/**
 * New recovery codes (the old ones stop working), after the person proves who they are again (their
 * password and a code from the app, not a recovery code, or a passkey: `confirmIdentity`), so that whoever holds only a signed-in browser cannot mint
 * themselves a way back in. The login is mailed a security alert.
 *
 * @throws {AccountError} TWO_FACTOR_OFF, and those of `confirmIdentity`.
 */
export async function regenerateRecoveryCodes(
  ctx: AccountsContext,
  input: {
    sessionId: string;
    userId: string;
    password: string;
    code: string;
    passkey?: string;
    from: AlertOrigin;
  },
): Promise<string[]> {
  const em = ctx.orm.em.fork();
  if (!(await hasSecondFactor(em, input.userId)))
    throw new AccountError('TWO_FACTOR_OFF', 'Two-factor sign-in is off.');
  // An app code, not a recovery code: one leaked paper code must not mint ten new ones.
  await confirmIdentity(ctx, { ...input, allow: ['totp'] });
  return em.transactional(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, input.userId, ctx.clock.now());
    await sendSecurityAlert(tx, ctx, input.userId, { kind: 'recovery_codes_replaced' }, input.from);
    return codes;
  });
}
