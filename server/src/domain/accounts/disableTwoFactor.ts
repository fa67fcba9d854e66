import { AccountError } from './AccountError.js';
import type { AccountsContext } from './AccountsContext.js';
import { checkSecondFactor } from './checkSecondFactor.js';
import { deleteRecoveryCodes } from './recoveryCodes.js';
import { deleteTotpFactor, readTotpFactor } from './totpFactors.js';

const wrongCode = () =>
  new AccountError(
    'SECOND_FACTOR_INVALID',
    'That code is not right. Type the six digits your app shows now.',
  );

/**
 * Turns two-factor off after a code from the app or a recovery code: the app's secret and the
 * recovery codes are deleted.
 *
 * @throws {AccountError} TWO_FACTOR_OFF, SECOND_FACTOR_INVALID.
 */
export async function disableTwoFactor(ctx: AccountsContext, userId: string, code: string): Promise<void> {
  await ctx.orm.em.fork().transactional(async (em) => {
    const factor = await readTotpFactor(em, userId);
    if (!factor?.confirmedAt) throw new AccountError('TWO_FACTOR_OFF', 'Two-factor sign-in is off.');
    if (!(await checkSecondFactor(em, ctx, userId, code))) throw wrongCode();
    await deleteTotpFactor(em, userId);
    await deleteRecoveryCodes(em, userId);
  });
}
