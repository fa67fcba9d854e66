import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { hasSecondFactor } from './hasSecondFactor.js';
import { deletePasskey } from './passkeys.js';
import { deleteRecoveryCodes } from './recoveryCodes.js';
import { runSql } from './runSql.js';
import { type AlertOrigin, sendSecurityAlert } from './sendSecurityAlert.js';

/**
 * Removes one of the login's passkeys (the route asks for a step-up first). When it was the login's
 * last second factor, two-factor is off and its recovery codes go too. The login is mailed a security
 * alert.
 *
 * @throws {AccountError} PASSKEY_NOT_FOUND.
 */
export async function removePasskey(
  ctx: AccountsContext,
  input: { userId: string; passkeyId: string; from: AlertOrigin },
): Promise<{ name: string; twoFactorOff: boolean }> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(input.passkeyId))
    throw notFound();
  return ctx.orm.em.fork().transactional(async (em) => {
    // Locked: removing the last two factors at once cannot leave both "another one is left".
    await runSql(em, 'select id from users where id = ? for update', [input.userId]);
    const name = await deletePasskey(em, input.userId, input.passkeyId);
    if (name === undefined) throw notFound();
    const twoFactorOff = !(await hasSecondFactor(em, input.userId));
    if (twoFactorOff) await deleteRecoveryCodes(em, input.userId);
    await sendSecurityAlert(em, ctx, input.userId, { kind: 'passkey_removed', name }, input.from);
    return { name, twoFactorOff };
  });
}

const notFound = () => new AccountError('PASSKEY_NOT_FOUND', 'That passkey is not one of this login’s.');
